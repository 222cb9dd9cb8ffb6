import { dbOf, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { gscPropertiesOf } from "@/lib/connections/gsc-properties";
import { quotaToday } from "@/lib/connections/quota-store";
import { gscQuota } from "@/lib/engines/gsc";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { freshSince } from "./freshness";
import { PLAN_REASONS, type CoverageResponse } from "./schemas";

type Counts = {
  urls: number; a7: number; a30: number; aUnknown: number; aNone: number; aInspection: number; aSearch: number;
  b7: number; b30: number; bUnknown: number; bNone: number; bObserved: number;
  p0: number; p1: number; p2: number; p3: number; p4: number; p5: number;
};

/**
 * How fresh the project's verdicts are, per engine and by source, what today's Google inspections will be
 * spent on (the URLs owed a check, by the reason that put them first, within the quota left of every
 * property, pooled ones included) and each property's quota use today. One pass over the project's URLs.
 */
export async function getCoverage(ctx: OrgCtx, projectId: string, now = new Date()): Promise<CoverageResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const ago = (days: number) => freshSince(now, days);
  const [c] = await dbOf(ctx).$queryRaw<Counts[]>(Prisma.sql`
    SELECT count(*)::int AS urls,
      count(*) FILTER (WHERE engine_a_observed_at >= ${ago(7)})::int AS a7, count(*) FILTER (WHERE engine_a_observed_at >= ${ago(30)})::int AS a30,
      count(*) FILTER (WHERE engine_a_state = 'unknown')::int AS "aUnknown", count(*) FILTER (WHERE engine_a_observed_at IS NULL)::int AS "aNone",
      count(*) FILTER (WHERE engine_a_state_source = 'inspection')::int AS "aInspection",
      count(*) FILTER (WHERE engine_a_state_source = 'search_analytics')::int AS "aSearch",
      count(*) FILTER (WHERE engine_b_observed_at >= ${ago(7)})::int AS b7, count(*) FILTER (WHERE engine_b_observed_at >= ${ago(30)})::int AS b30,
      count(*) FILTER (WHERE engine_b_state = 'unknown')::int AS "bUnknown", count(*) FILTER (WHERE engine_b_observed_at IS NULL)::int AS "bNone",
      count(*) FILTER (WHERE engine_b_observed_at IS NOT NULL)::int AS "bObserved",
      count(*) FILTER (WHERE engine_a_sync_priority = 0)::int AS p0, count(*) FILTER (WHERE engine_a_sync_priority = 1)::int AS p1,
      count(*) FILTER (WHERE engine_a_sync_priority = 2)::int AS p2, count(*) FILTER (WHERE engine_a_sync_priority = 3)::int AS p3,
      count(*) FILTER (WHERE engine_a_sync_priority = 4)::int AS p4, count(*) FILTER (WHERE engine_a_sync_priority >= 5)::int AS p5
    FROM tracked_urls WHERE project_id = ${project.id}::uuid`);

  const connected = Boolean(project.gscPropertyUrl && project.gscConnectedAt && !project.gscRevokedAt);
  const properties = connected ? await gscPropertiesOf(project.id, project.gscPropertyUrl!) : [];
  const quotas = await Promise.all(properties.map(async (propertyUrl) => ({ propertyUrl, quota: await quotaToday(propertyUrl, now, gscQuota()) })));
  // The backlog spends the quota left by priority (lib/engine-sync): the plan takes the reasons in that order.
  let room = quotas.reduce((sum, q) => sum + q.quota.remaining, 0);
  const owed = [c.p0, c.p1, c.p2, c.p3, c.p4, c.p5];
  const byReason = Object.fromEntries(PLAN_REASONS.map((reason, i) => {
    const n = Math.min(room, owed[i]);
    room -= n;
    return [reason, n];
  })) as CoverageResponse["plan"]["byReason"];

  return {
    engineA: { urls: c.urls, fresh7d: c.a7, fresh30d: c.a30, unknown: c.aUnknown, ages: ages(c.urls, c.a7, c.a30, c.aNone), bySource: { inspection: c.aInspection, search_analytics: c.aSearch } },
    engineB: { urls: c.urls, fresh7d: c.b7, fresh30d: c.b30, unknown: c.bUnknown, ages: ages(c.urls, c.b7, c.b30, c.bNone), bySource: { url_info: c.bObserved } },
    plan: { date: pacificDayKey(now), planned: Object.values(byReason).reduce((s, n) => s + n, 0), byReason },
    properties: quotas.map(({ propertyUrl, quota }) => ({
      propertyUrl, quotaUsedToday: quota.used, quotaLimit: quota.limit, sharedQuotaDetected: quota.exhausted && quota.used < quota.limit,
    })),
  };
}

/** Every tracked URL in exactly one bucket by the age of its verdict (the 30-day count includes the 7-day one). */
function ages(urls: number, within7d: number, within30d: number, none: number): CoverageResponse["engineA"]["ages"] {
  return { within7d, days8to30: within30d - within7d, olderThan30d: urls - within30d - none, none };
}
