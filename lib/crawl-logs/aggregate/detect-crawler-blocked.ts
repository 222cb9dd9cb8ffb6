import type { OrgCtx } from "@/lib/core/context";
import { db, Prisma, withTransaction } from "@/lib/db";
import { recordUrlDetections } from "@/lib/issues/detections";

/** Days of Googlebot fetches weighed against the last audit. */
export const BLOCKED_WINDOW_DAYS = 14;

/**
 * crawler_blocked: a URL our audit last saw answer 200 while verified Googlebot got mostly 403 or 5xx
 * in the last 14 days (a WAF, rate limiting or cloaking by user agent). A URL whose Googlebot fetches
 * are fine again, or whose audit no longer sees 200, clears; the group resolves itself when none is left.
 */
export async function detectCrawlerBlocked(ctx: OrgCtx, projectId: string, now: Date): Promise<{ affected: number; cleared: number }> {
  const since = new Date(now.getTime() - BLOCKED_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const affected = await db.$queryRaw<{ id: string; url: string }[]>(Prisma.sql`
    SELECT t.id::text AS id, t.url FROM tracked_urls t
    JOIN (SELECT tracked_url_id, sum(status_403 + status_5xx) AS blocked, sum(status_2xx) AS good
          FROM crawl_url_days WHERE project_id = ${projectId}::uuid AND family = 'googlebot' AND day >= ${since}::date
          GROUP BY tracked_url_id) d ON d.tracked_url_id = t.id
    WHERE t.project_id = ${projectId}::uuid AND t.http_status = 200 AND d.blocked > 0 AND d.blocked >= d.good`);
  const open = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT m.tracked_url_id::text AS id FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
    WHERE i.project_id = ${projectId}::uuid AND i.type = 'crawler_blocked' AND m.resolved_at IS NULL`);
  const now403 = new Set(affected.map((a) => a.id));
  const cleared = open.map((o) => o.id).filter((id) => !now403.has(id));
  if (!affected.length && !cleared.length) return { affected: 0, cleared: 0 };
  await withTransaction(ctx, (ctx) => recordUrlDetections(ctx, projectId, "crawler_blocked", { affected: affected.map((a) => ({ trackedUrlId: a.id, url: a.url })), cleared },
    { windowDays: BLOCKED_WINDOW_DAYS, source: "server_logs" }, now));
  return { affected: affected.length, cleared: cleared.length };
}
