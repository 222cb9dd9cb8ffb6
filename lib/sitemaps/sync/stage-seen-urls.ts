import { Prisma, type Tx } from "@/lib/db";
import type { UrlSpool } from "./url-spool";

/**
 * Loads the walk's spool into `sync_seen`, a temporary table of the transaction (dropped at its
 * end): one row per distinct URL with the latest lastmod any sitemap gave it. Blocks of about
 * 1 MiB are sent as one text parameter each and split by the server, which costs far less than
 * arrays of parameters. Returns the number of distinct URLs.
 */
export async function stageSeenUrls(tx: Tx, spool: UrlSpool): Promise<number> {
  await tx.$executeRawUnsafe(`CREATE TEMP TABLE sync_seen (url text PRIMARY KEY, lastmod timestamptz(3)) ON COMMIT DROP`);
  await tx.$executeRawUnsafe(`CREATE TEMP TABLE sync_cleared (id uuid PRIMARY KEY) ON COMMIT DROP`);
  for await (const block of spool.blocks(256 * 1024)) {
    // DISTINCT ON: ON CONFLICT may touch a row only once per statement.
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO sync_seen AS s (url, lastmod)
      SELECT DISTINCT ON (url) url, lastmod FROM (
        SELECT split_part(line, E'\t', 1) AS url,
               to_timestamp(nullif(split_part(line, E'\t', 2), '')::bigint / 1000.0) AS lastmod
        FROM string_to_table(${block}, E'\n') AS line WHERE line <> ''
      ) b
      ORDER BY url, lastmod DESC NULLS LAST
      ON CONFLICT (url) DO UPDATE SET lastmod = GREATEST(s.lastmod, EXCLUDED.lastmod)`);
  }
  // Temporary tables are never analyzed automatically; without statistics the joins below would be planned blind.
  await tx.$executeRawUnsafe(`ANALYZE sync_seen`);
  const [{ n }] = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n FROM sync_seen`);
  return n;
}
