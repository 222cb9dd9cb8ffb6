import type { Ctx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";
import { LAST_SEEN_RESOLUTION_MS } from "./limits";
import type { UrlStage } from "./url-stage";

/** What the staging found, from one pass over `sync_seen`. */
export type StagedUrls = {
  /** Distinct on-host URLs of the walk. */
  distinct: number;
  /** Of those, URLs the project does not track yet and has not excluded. */
  netNew: number;
  /** URLs the project does not track because the owner stopped tracking them (url_exclusions): never admitted. */
  excluded: number;
  /** Tracked URLs that need a write (see `touch` below). */
  toTouch: number;
  /** Tracked URLs whose sitemap lastmod changed (an earlier one replaced by a different one). */
  lastmodChanged: number;
};

/**
 * Groups the walk's stage into `sync_seen`, a temporary table of the transaction (dropped at its
 * end): one row per distinct URL with the latest lastmod any sitemap gave it and the first sitemap file of
 * the walk that listed it (`sitemap_id`, through `sync_files`: see admitSeenUrls), classified once
 * against the project's tracked URLs — `tracked_id` (null: net-new, unless `excluded`: the owner stopped tracking it), `touch` (seen again and
 * something to write: lastmod changed, stale, never seen in a sitemap, listed by another sitemap, or lastSeenInSitemapAt older
 * than LAST_SEEN_RESOLUTION_MS), `was_stale`. Rows are in URL order and `n` is their rank, so the
 * inserts that follow can mint ascending ids. The stage was filled during the walk (UrlStage), so
 * this is one grouping join. Run with nested loops disabled (see admitSeenUrls).
 */
export async function stageSeenUrls(ctx: Ctx, stage: UrlStage, projectId: string, now: Date): Promise<StagedUrls> {
  const tx = dbOf(ctx);
  const refreshBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMP TABLE sync_seen ON COMMIT DROP AS
    SELECT l.url, l.lastmod, row_number() OVER (ORDER BY l.url) AS n, t.id AS tracked_id, f.id AS sitemap_id,
           t.id IS NOT NULL AND (t.stale_at IS NOT NULL OR t.first_seen_in_sitemap_at IS NULL OR t.last_seen_in_sitemap_at IS NULL
             OR t.last_seen_in_sitemap_at < ${refreshBefore} OR (l.lastmod IS NOT NULL AND l.lastmod IS DISTINCT FROM t.lastmod)
             OR t.sitemap_id IS DISTINCT FROM f.id) AS touch,
           t.stale_at IS NOT NULL AS was_stale,
           t.lastmod IS NOT NULL AND l.lastmod IS NOT NULL AND l.lastmod <> t.lastmod AS lastmod_changed,
           t.id IS NULL AND e.url IS NOT NULL AS excluded
    FROM (SELECT url, max(lastmod) AS lastmod, min(file) AS file FROM ${stage.table} GROUP BY url) l
    LEFT JOIN sync_files f ON f.ord = l.file
    LEFT JOIN tracked_urls t ON t.project_id = ${projectId}::uuid AND t.url = l.url
    LEFT JOIN url_exclusions e ON e.project_id = ${projectId}::uuid AND e.url = l.url
    ORDER BY l.url`);
  // Temporary tables are never analyzed automatically; without statistics the joins that follow would be planned blind.
  await tx.$executeRawUnsafe(`ANALYZE sync_seen`);
  const [counts] = await tx.$queryRaw<StagedUrls[]>(Prisma.sql`
    SELECT count(*)::int AS distinct, (count(*) FILTER (WHERE tracked_id IS NULL AND NOT excluded))::int AS "netNew",
           (count(*) FILTER (WHERE excluded))::int AS excluded,
           (count(*) FILTER (WHERE touch))::int AS "toTouch", (count(*) FILTER (WHERE lastmod_changed))::int AS "lastmodChanged"
    FROM sync_seen`);
  return counts;
}
