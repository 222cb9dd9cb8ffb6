import { systemCtx } from "@/lib/core/context";
import { db, Prisma, sqlTransaction, withTransaction } from "@/lib/db";
import { foldUntrackedUrls, refreshTrackedCrawlFields } from "../aggregate/commit-crawl-aggregates";
import { BATCH_KEY_DAYS, RETENTION_DAYS } from "../config";
import { detectCrawlerBlocked } from "../aggregate/detect-crawler-blocked";
import { verifyPushedHits } from "./verify-pushed-hits";

const DAY_MS = 86_400_000;

/**
 * The daily sweep: untracked URL hits an import left unfolded are folded into the list; aggregates older than 480 days (and days of URLs deleted while an import wrote them) and
 * untracked URLs not fetched for as long go, batch
 * keys after 7 days; crawlerHits30d is recomputed from the aggregates (the window moves every day);
 * crawler_blocked is re-weighed for every project with Googlebot data in its window.
 */
export async function maintainCrawlActivity(now: Date) {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
  const since = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const urlDays = await db.$executeRaw(Prisma.sql`DELETE FROM crawl_url_days WHERE day < ${cutoff}::date`);
  // Days written for a URL deleted while its import ran (crawl_url_days has no foreign key; a trigger takes the rest).
  const orphanDays = await db.$executeRaw(Prisma.sql`
    DELETE FROM crawl_url_days d WHERE NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.id = d.tracked_url_id)`);
  const projectDays = await db.$executeRaw(Prisma.sql`DELETE FROM crawl_project_days WHERE day < ${cutoff}::date`);
  const untracked = await db.$executeRaw(Prisma.sql`DELETE FROM crawl_untracked_urls WHERE last_seen_at < ${cutoff}::date`);
  const batches = await db.$executeRaw(Prisma.sql`DELETE FROM log_ingest_batches WHERE created_at < ${new Date(now.getTime() - BATCH_KEY_DAYS * DAY_MS)}`);
  // Untracked URL hits an import appended and did not fold (it stopped first); a deleted project's go.
  const pendingUntracked = await db.$queryRaw<{ projectId: string; domain: string | null }[]>(Prisma.sql`
    SELECT d.project_id::text AS "projectId", p.domain FROM (SELECT DISTINCT project_id FROM crawl_untracked_deltas) d
    LEFT JOIN projects p ON p.id = d.project_id AND p.deleted_at IS NULL`);
  let folded = 0;
  for (const u of pendingUntracked) {
    if (u.domain) folded += await sqlTransaction((run) => foldUntrackedUrls(run, { projectId: u.projectId, domain: u.domain! }));
    else await db.$executeRaw(Prisma.sql`DELETE FROM crawl_untracked_deltas WHERE project_id = ${u.projectId}::uuid`);
  }
  // Pushed hits left waiting for reverse DNS (their job's event was lost): verified and counted here.
  const stale = await db.logPushVerification.findMany({ where: { createdAt: { lt: new Date(now.getTime() - 3600_000) } }, select: { id: true } });
  for (const v of stale) await verifyPushedHits(v.id, now);
  const projects = await db.$queryRaw<{ organizationId: string; projectId: string }[]>(Prisma.sql`
    SELECT p.organization_id::text AS "organizationId", p.id::text AS "projectId" FROM projects p
    WHERE p.deleted_at IS NULL AND EXISTS (SELECT 1 FROM crawl_project_days d WHERE d.project_id = p.id AND d.day >= ${cutoff}::date)`);
  let recomputed = 0;
  for (const p of projects) {
    recomputed += await withTransaction(systemCtx("maintain-crawl-activity", p.organizationId), (ctx) => refreshTrackedCrawlFields(ctx, p, now), { timeout: 600_000 });
    // URLs whose last fetch left the 30-day window have no rows left in it: their count drops to 0.
    recomputed += await db.$executeRaw(Prisma.sql`
      UPDATE tracked_urls t SET crawler_hits_30d = 0 WHERE t.project_id = ${p.projectId}::uuid AND t.crawler_hits_30d > 0
        AND NOT EXISTS (SELECT 1 FROM crawl_url_days d WHERE d.tracked_url_id = t.id AND d.day >= ${since}::date)`);
    await detectCrawlerBlocked(systemCtx("maintain-crawl-activity", p.organizationId), p.projectId, now);
  }
  return { purged: { urlDays, orphanDays, projectDays, untracked, batches }, folded, verifiedPushes: stale.length, recomputed, projects: projects.length };
}
