import type { Ctx } from "@/lib/core/context";
import { systemCtx, type OrgCtx } from "@/lib/core/context";
import { warmIndexingMetrics } from "@/lib/metrics/time-to-index";
import { db, Prisma, withTransaction, dbOf } from "@/lib/db";
import { lockProjectStats } from "@/lib/issues/counters";
import { COUNTER_COLUMNS, COUNTERS, type Counter, type Counters } from "./counters";

// Hourly reconciliation: the live counters are kept by triggers and recomputes (lib/issues/counters.ts,
// the live_counters migration); this recomputes all nine from the rows themselves and fixes any drift.
// The definitions are the triggers': broken = client_error | server_error | timeout; indexed = either engine
// says indexed; not indexed = an engine reported a state and neither says indexed; stale = stale_at set;
// open issues = groups open; URLs with issues = distinct URLs with an open membership in an open group.

export type ProjectReconciliation = { projectId: string; drift: Partial<Record<Counter, { stored: number; truth: number }>> };

/** The counters as the rows say now (one pass over the project's URLs, two small issue counts). */
export async function countTruth(projectId: string, ctx?: Ctx): Promise<Counters> {
  const tx = ctx ? dbOf(ctx) : db;
  const [row] = await tx.$queryRaw<Counters[]>(Prisma.sql`
    SELECT
      count(*)::int AS "totalUrls",
      count(*) FILTER (WHERE health_state = 'healthy')::int AS "healthyUrls",
      count(*) FILTER (WHERE health_state IN ('client_error', 'server_error', 'timeout'))::int AS "brokenUrls",
      count(*) FILTER (WHERE health_state = 'redirected')::int AS "redirectedUrls",
      count(*) FILTER (WHERE engine_a_state = 'indexed' OR engine_b_state = 'indexed')::int AS "indexedUrls",
      count(*) FILTER (WHERE NOT (engine_a_state = 'indexed' OR engine_b_state = 'indexed')
                         AND (engine_a_state <> 'unknown' OR engine_b_state <> 'unknown'))::int AS "notIndexedUrls",
      count(*) FILTER (WHERE stale_at IS NOT NULL)::int AS "staleUrls",
      (SELECT count(*) FROM issues WHERE project_id = ${projectId}::uuid AND status = 'open')::int AS "openIssues",
      (SELECT count(DISTINCT m.tracked_url_id) FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
        WHERE i.project_id = ${projectId}::uuid AND i.status = 'open' AND m.resolved_at IS NULL)::int AS "urlsWithIssues"
    FROM tracked_urls WHERE project_id = ${projectId}::uuid`);
  return row;
}

/**
 * Recomputes one project's counters under its stats lock (writers wait; the count, a later statement, sees
 * every write committed before), fixes the drifted ones and stamps lastReconciledAt. Answers the drift.
 */
export async function reconcileProject(ctx: OrgCtx, projectId: string, now: Date): Promise<ProjectReconciliation> {
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockProjectStats(ctx, projectId);
    const truth = await countTruth(projectId, ctx);
    const [stored] = await tx.$queryRaw<Counters[]>(Prisma.sql`
      SELECT ${Prisma.raw(COUNTERS.map((c) => `${COUNTER_COLUMNS[c]} AS "${c}"`).join(", "))} FROM website_stats WHERE project_id = ${projectId}::uuid`);
    const drift: ProjectReconciliation["drift"] = {};
    for (const c of COUNTERS) if (stored[c] !== truth[c]) drift[c] = { stored: stored[c], truth: truth[c] };
    const sets = COUNTERS.map((c) => Prisma.sql`${Prisma.raw(COUNTER_COLUMNS[c])} = ${truth[c]}`);
    await tx.$executeRaw(Prisma.sql`
      UPDATE website_stats SET ${Prisma.join(sets, ", ")}, last_reconciled_at = ${now}, updated_at = ${now}
      WHERE project_id = ${projectId}::uuid`);
    return { projectId, drift };
  }, { timeout: 120_000 });
}

export const RECONCILE_BATCH = 100;

/** One batch of projects after `afterId` (id order): each reconciled in its own short transaction; drift logged with its size. */
/** Projects at least this large get their time-to-index views computed ahead every hour. */
export const WARM_METRICS_FROM_URLS = 100_000;

export async function reconcileBatch(afterId: string | null, now: Date, limit = RECONCILE_BATCH) {
  const projects = await db.$queryRaw<{ organizationId: string; projectId: string }[]>(Prisma.sql`
    SELECT id::text AS "projectId", organization_id::text AS "organizationId" FROM projects
    WHERE deleted_at IS NULL ${afterId ? Prisma.sql`AND id > ${afterId}::uuid` : Prisma.empty}
    ORDER BY id LIMIT ${limit}`);
  let drifted = 0;
  for (const p of projects) {
    const r = await reconcileProject(systemCtx("reconcile-stats", p.organizationId), p.projectId, now);
    if (Object.keys(r.drift).length) {
      drifted++;
      console.warn(JSON.stringify({ event: "stats.drift_fixed", projectId: p.projectId, organizationId: p.organizationId, drift: r.drift }));
    }
    // A large project's time-to-index takes seconds to compute: its default views are computed here, ahead of the reader.
    const stats = await db.websiteStats.findUnique({ where: { projectId: p.projectId }, select: { totalUrls: true } });
    if ((stats?.totalUrls ?? 0) >= WARM_METRICS_FROM_URLS) {
      await warmIndexingMetrics({ id: p.projectId, organizationId: p.organizationId }, now).catch((e) => console.error(`[stats] time to index of ${p.projectId}`, e));
    }
  }
  return { projects: projects.length, drifted, next: projects.length === limit ? projects[projects.length - 1].projectId : null };
}
