import { Prisma, type Tx } from "@/lib/db";
import { LAST_SEEN_RESOLUTION_MS } from "./limits";
import type { UrlSpool } from "./url-spool";

// Blocks stay well under V8's large-object threshold (128 KiB), so each block and the copies made
// on its way to the server die young instead of piling up until a full collection.
const BLOCK_BYTES = 60 * 1024;

/** What the staging found, from one pass over `sync_seen`. */
export type StagedUrls = {
  /** Distinct on-host URLs of the walk. */
  distinct: number;
  /** Of those, URLs the project does not track yet. */
  netNew: number;
  /** Tracked URLs that need a write (see `touch` below). */
  toTouch: number;
  /** Tracked URLs whose sitemap lastmod changed (an earlier one replaced by a different one). */
  lastmodChanged: number;
};

/**
 * Loads the walk's spool into `sync_seen`, a temporary table of the transaction (dropped at its
 * end): one row per distinct URL with the latest lastmod any sitemap gave it, classified once
 * against the project's tracked URLs — `tracked_id` (null: net-new), `touch` (seen again and
 * something to write: lastmod changed, stale, never seen in a sitemap, or lastSeenInSitemapAt older
 * than LAST_SEEN_RESOLUTION_MS), `was_stale`. Rows are in URL order and `n` is their rank, so the
 * inserts that follow can mint ascending ids. The lines are first appended to an unindexed table,
 * each block sent as one text parameter and split by the server (far cheaper than arrays of
 * parameters), then grouped and joined once. Run with nested loops disabled (see admitSeenUrls).
 */
export async function stageSeenUrls(tx: Tx, spool: UrlSpool, projectId: string, now: Date): Promise<StagedUrls> {
  await tx.$executeRawUnsafe(`CREATE TEMP TABLE sync_lines (url text, lastmod timestamptz(3)) ON COMMIT DROP`);
  for await (const block of spool.blocks(BLOCK_BYTES)) {
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO sync_lines (url, lastmod)
      SELECT split_part(line, E'\t', 1), to_timestamp(nullif(split_part(line, E'\t', 2), '')::bigint / 1000.0)
      FROM string_to_table(${block}, E'\n') AS line WHERE line <> ''`);
  }
  const refreshBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMP TABLE sync_seen ON COMMIT DROP AS
    SELECT l.url, l.lastmod, row_number() OVER (ORDER BY l.url) AS n, t.id AS tracked_id,
           t.id IS NOT NULL AND (t.stale_at IS NOT NULL OR t.first_seen_in_sitemap_at IS NULL OR t.last_seen_in_sitemap_at IS NULL
             OR t.last_seen_in_sitemap_at < ${refreshBefore} OR (l.lastmod IS NOT NULL AND l.lastmod IS DISTINCT FROM t.lastmod)) AS touch,
           t.stale_at IS NOT NULL AS was_stale,
           t.lastmod IS NOT NULL AND l.lastmod IS NOT NULL AND l.lastmod <> t.lastmod AS lastmod_changed
    FROM (SELECT url, max(lastmod) AS lastmod FROM sync_lines GROUP BY url) l
    LEFT JOIN tracked_urls t ON t.project_id = ${projectId}::uuid AND t.url = l.url
    ORDER BY l.url`);
  await tx.$executeRawUnsafe(`DROP TABLE sync_lines`);
  // Temporary tables are never analyzed automatically; without statistics the joins that follow would be planned blind.
  await tx.$executeRawUnsafe(`ANALYZE sync_seen`);
  const [counts] = await tx.$queryRaw<StagedUrls[]>(Prisma.sql`
    SELECT count(*)::int AS distinct, (count(*) FILTER (WHERE tracked_id IS NULL))::int AS "netNew",
           (count(*) FILTER (WHERE touch))::int AS "toTouch", (count(*) FILTER (WHERE lastmod_changed))::int AS "lastmodChanged"
    FROM sync_seen`);
  return counts;
}
