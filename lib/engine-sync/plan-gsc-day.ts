import { db, Prisma } from "@/lib/db";
import { gscPropertiesOf } from "@/lib/connections/gsc-properties";
import { quotaToday } from "@/lib/connections/quota-store";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import type { OrgCtx } from "@/lib/core/context";
import { gscQuota } from "./config";
import { CRAWL_AGING_DAYS, CRAWL_AGING_RECHECK_DAYS, prioritySql, type CheckReason } from "./check-reasons";

const DAY_MS = 86_400_000;
/** Impressions this recent prove a page indexed: no inspection is spent on it. */
export const PROVEN_BY_IMPRESSIONS_DAYS = 3;
/** A verdict younger than this is not asked again by the plan (a check again or an audit change still is). */
export const RECENT_VERDICT_DAYS = 1;

/** The reasons the plan picks URLs for (lib/engine-sync/check-reasons gives each one's backlog priority). */
export const PLANNED_REASONS = ["at_risk", "never_observed", "crawl_aging", "oldest_verdict"] as const satisfies readonly CheckReason[];
export type PlannedReason = (typeof PLANNED_REASONS)[number];

/**
 * Fills the rest of today's Google quota (every property of the project, minus the checks already owed) with
 * the URLs whose verdict is at risk, missing or oldest, once per Pacific day and project. The score, in order:
 * - at risk: an important page (clicks in 28 days, or priority high) whose impressions stopped against its own
 *   baseline: silent for more than twice its usual gap between days with impressions (at least 2 days), and not
 *   inspected since (a possible drop: a page shown daily is asked the second day without impressions). First, so
 *   that a large never-observed inventory never crowds out a drop of an important page;
 * - never observed by Google (no inspection, no impressions);
 * - crawl aging: Google last crawled the page (the last inspection's lastCrawlTime, or the last verified Googlebot
 *   fetch in the site's logs, whichever is newer) 100 days ago or more, and the verdict is a week old: pages not
 *   crawled for about 130 days are rarely kept, so they are checked before they fall out;
 * - then the oldest verdicts (priority high first, low last; among verdicts of the same day, the page Googlebot
 *   fetched longest ago first: a page the crawler stopped visiting before one it fetched yesterday).
 * Otherwise pages with impressions in the last 3 days are proven indexed and skipped, and a verdict from the last
 * day is not asked again; with more quota than stale verdicts (pooled properties), younger ones are refreshed,
 * oldest first. The URLs are marked owed (`engine_a_sync_priority`, with the reason in `engine_a_check_reason`,
 * which the URL panel shows) and the 5-minute backlog spends them.
 */
export async function planGscDay(ctx: OrgCtx, projectId: string, now: Date = new Date()): Promise<{ day: string; planned: number; byReason: Record<PlannedReason, number> } | null> {
  const p = await db.project.findFirst({
    where: { id: projectId, organizationId: ctx.org.id, deletedAt: null, gscRevokedAt: null, gscPropertyUrl: { not: null }, gscRefreshTokenEnc: { not: null } },
    select: { gscPropertyUrl: true },
  });
  if (!p?.gscPropertyUrl) return null;
  const day = pacificDayKey(now);
  const claimed = await db.$executeRaw(Prisma.sql`
    INSERT INTO gsc_day_plans (project_id, day, planned, by_reason) VALUES (${projectId}::uuid, ${day}, 0, '{}'::jsonb)
    ON CONFLICT (project_id, day) DO NOTHING`);
  if (!claimed) return null; // planned already today (or by a concurrent run)

  const rooms = await Promise.all((await gscPropertiesOf(projectId, p.gscPropertyUrl)).map(async (u) => (await quotaToday(u, now, gscQuota())).remaining));
  const [{ owed }] = await db.$queryRaw<{ owed: number }[]>(Prisma.sql`
    SELECT count(*)::int AS owed FROM tracked_urls WHERE project_id = ${projectId}::uuid AND engine_a_sync_priority IS NOT NULL`);
  const room = Math.max(0, rooms.reduce((a, b) => a + b, 0) - owed);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const rows = room === 0 ? [] : await db.$queryRaw<{ reason: PlannedReason; n: number }[]>(Prisma.sql`
    WITH candidates AS (
      SELECT id, CASE
          WHEN engine_a_observed_at IS NULL AND last_impression_at IS NULL THEN 'never_observed'
          -- Impressions stopped against the page's own baseline: silent for more than twice its usual gap between
          -- days with impressions (28 / days with impressions), and at least 2 days.
          WHEN (clicks_28d > 0 OR priority = 'high') AND last_impression_at >= ${ago(28)} AND impression_days_28d > 0
            AND last_impression_at < ${now}::timestamptz - make_interval(secs => GREATEST(${2 * DAY_MS / 1000}::float8, 2 * 28 * 86400.0 / impression_days_28d))
            AND (engine_a_observed_at IS NULL OR engine_a_observed_at <= last_impression_at) THEN 'at_risk'
          WHEN GREATEST(engine_a_last_crawl_at, last_googlebot_fetch_at) < ${ago(CRAWL_AGING_DAYS)}
            AND (engine_a_observed_at IS NULL OR engine_a_observed_at < ${ago(CRAWL_AGING_RECHECK_DAYS)}) THEN 'crawl_aging'
          ELSE 'oldest_verdict' END AS reason,
        priority, clicks_28d, engine_a_observed_at, last_impression_at, last_googlebot_fetch_at
      FROM tracked_urls
      WHERE project_id = ${projectId}::uuid AND engine_a_sync_priority IS NULL
    ), picked AS (
      SELECT id, reason FROM candidates
      -- Proven indexed by impressions in the last 3 days, or a verdict from the last day: not asked, unless at risk.
      WHERE reason IN ('at_risk', 'never_observed')
         OR ((last_impression_at IS NULL OR last_impression_at < ${ago(PROVEN_BY_IMPRESSIONS_DAYS)})
             AND (engine_a_observed_at IS NULL OR engine_a_observed_at < ${ago(RECENT_VERDICT_DAYS)}))
      -- Inside a reason: priority high first and low last, then the oldest verdict by day, then the page Googlebot
      -- fetched longest ago (logs), then clicks (a verdict Search Analytics refreshed yesterday is not stale however
      -- many clicks the page has).
      ORDER BY CASE reason WHEN 'at_risk' THEN 0 WHEN 'never_observed' THEN 1 WHEN 'crawl_aging' THEN 2 ELSE 3 END,
        (priority = 'high') DESC NULLS LAST, (priority = 'low') ASC NULLS FIRST,
        date_trunc('day', engine_a_observed_at) NULLS FIRST, last_googlebot_fetch_at NULLS LAST, engine_a_observed_at, clicks_28d DESC NULLS LAST, id
      LIMIT ${room}
    ), marked AS (
      UPDATE tracked_urls t SET engine_a_sync_priority = ${Prisma.raw(prioritySql("picked.reason"))}, engine_a_check_reason = picked.reason
      FROM picked WHERE t.id = picked.id AND t.project_id = ${projectId}::uuid
      RETURNING picked.reason
    )
    SELECT reason, count(*)::int AS n FROM marked GROUP BY reason`);
  const byReason = Object.fromEntries(PLANNED_REASONS.map((r) => [r, 0])) as Record<PlannedReason, number>;
  for (const r of rows) byReason[r.reason] = r.n;
  const planned = rows.reduce((s, r) => s + r.n, 0);
  await db.gscDayPlan.update({ where: { projectId_day: { projectId, day } }, data: { planned, byReason } });
  return { day, planned, byReason };
}

/** Connected projects without today's plan yet. */
export async function listProjectsToPlan(now: Date = new Date()): Promise<{ organizationId: string; projectId: string }[]> {
  return db.$queryRaw<{ organizationId: string; projectId: string }[]>(Prisma.sql`
    SELECT p.organization_id::text AS "organizationId", p.id::text AS "projectId" FROM projects p
    WHERE p.deleted_at IS NULL AND p.gsc_refresh_token_enc IS NOT NULL AND p.gsc_property_url IS NOT NULL AND p.gsc_revoked_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM gsc_day_plans d WHERE d.project_id = p.id AND d.day = ${pacificDayKey(now)})
    ORDER BY p.id`);
}
