import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { TimeToIndexPayload, type IndexingMetricsResponse, type TimeToIndex } from "./schemas";
import { timeToRemoval } from "./time-to-removal";
import { roundTenth } from "@/lib/core/round-tenth";

// Time to index: for each URL first seen by us (discovered_at) in the window, the hours until an engine first
// said indexed (indexed_at for either engine, engine_a_indexed_at / engine_b_indexed_at per engine). An engine
// that already had the page when we found it says nothing of how long indexing takes: it is counted apart
// (alreadyIndexed), outside the percentiles, which are over the URLs indexed after we found them; the 7- and
// 30-day shares over every URL of the window (a URL seen yesterday cannot be "within 7 days" yet, so recent
// windows read low: the share is of what was seen, as a user compares week to week).

export const MAX_GROUPS = 50;
type Engine = "any" | "engineA" | "engineB";

type Row = { grp: string | null; engine: Engine; urls: number; indexed: number; already: number; median: number | null; p90: number | null; d7: number; d30: number };

type Query = { days: number; groupBy: "none" | "pathPrefix"; depth: number };

// A computation slower than this (a project with hundreds of thousands of URLs) is kept for an hour in
// indexing_metrics_cache and answered from there; a small project is always computed fresh. The hourly
// reconciliation computes the default views of large projects ahead (warmIndexingMetrics).
export const SLOW_MS = 200;
export const CACHE_MS = 3600_000;

/** GET …/metrics/indexing: time to index fresh, or (for a large project) as computed within the last hour; time to removal always fresh. */
export async function indexingMetrics(ctx: OrgCtx, projectId: string, q: Query, now = new Date(), opts: { slowMs?: number } = {}): Promise<IndexingMetricsResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const key = { projectId: project.id, days: q.days, groupBy: q.groupBy, depth: q.depth };
  const [cached, removal] = await Promise.all([
    db.indexingMetricsCache.findUnique({ where: { projectId_days_groupBy_depth: key } }),
    timeToRemoval(project, new Date(now.getTime() - q.days * 86_400_000)),
  ]);
  const index = cached && now.getTime() - cached.computedAt.getTime() < CACHE_MS
    ? TimeToIndexPayload.parse(cached.payload)
    : await computeAndKeep(project, q, now, opts.slowMs);
  return { ...index, timeToRemoval: removal };
}

async function computeAndKeep(project: { id: string; organizationId: string }, q: Query, now: Date, slowMs = SLOW_MS): Promise<TimeToIndexPayload> {
  const started = performance.now();
  const result = await computeIndexingMetrics(project, q, now);
  if (performance.now() - started >= slowMs) {
    const key = { projectId: project.id, days: q.days, groupBy: q.groupBy, depth: q.depth };
    const data = { payload: result as object, computedAt: now };
    await db.indexingMetricsCache.upsert({ where: { projectId_days_groupBy_depth: key }, create: { ...key, ...data }, update: data });
  }
  return result;
}

/** The views the overview opens with (30 days; whole project and by first directory), computed ahead for a large project. */
export async function warmIndexingMetrics(project: { id: string; organizationId: string }, now = new Date()): Promise<void> {
  for (const groupBy of ["none", "pathPrefix"] as const) await computeAndKeep(project, { days: 30, groupBy, depth: 1 }, now, 0);
}

/** Time to index of the URLs first seen in [from, until) (a client report's period), computed fresh. */
export async function indexingMetricsBetween(project: { id: string; organizationId: string }, from: Date, until: Date): Promise<TimeToIndexPayload> {
  return computeIndexingMetrics(project, { days: Math.max(1, Math.round((until.getTime() - from.getTime()) / 86_400_000)), groupBy: "none", depth: 1 }, until, true);
}

async function computeIndexingMetrics(project: { id: string; organizationId: string }, q: Query, now: Date, bounded = false): Promise<TimeToIndexPayload> {
  const from = new Date(now.getTime() - q.days * 86_400_000);
  // The first `depth` directories of the path: /blog/2024/post → /blog/ (1), /blog/2024/ (2); /about → /.
  const group = q.groupBy === "pathPrefix"
    ? Prisma.sql`substring(regexp_replace(url, '^[a-z]+://[^/]+', '') from ${`^((?:/[^/?#]+){0,${q.depth}}/)`})`
    : Prisma.sql`NULL::text`;
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH u AS (
      SELECT ${group} AS grp, discovered_at, indexed_at, engine_a_indexed_at, engine_b_indexed_at
      FROM tracked_urls
      WHERE project_id = ${project.id}::uuid AND organization_id = ${project.organizationId}::uuid AND discovered_at >= ${from}${bounded ? Prisma.sql` AND discovered_at < ${now}` : Prisma.empty}
    ), top AS (
      SELECT grp FROM u GROUP BY grp ORDER BY count(*) DESC, grp LIMIT ${MAX_GROUPS}
    )
    SELECT u.grp, e.engine, count(*)::int AS urls, count(h.hours)::int AS indexed, count(*) FILTER (WHERE h.hours = 0)::int AS already,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY h.hours) FILTER (WHERE h.hours > 0) AS median,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY h.hours) FILTER (WHERE h.hours > 0) AS p90,
           count(*) FILTER (WHERE h.hours <= 168)::int AS d7,
           count(*) FILTER (WHERE h.hours <= 720)::int AS d30
    FROM u JOIN top ON top.grp IS NOT DISTINCT FROM u.grp
    CROSS JOIN LATERAL (VALUES ('any', u.indexed_at), ('engineA', u.engine_a_indexed_at), ('engineB', u.engine_b_indexed_at)) AS e(engine, at)
    -- GREATEST skips NULLs: a URL the engine never indexed keeps a NULL (not 0) hours.
    CROSS JOIN LATERAL (SELECT CASE WHEN e.at IS NULL THEN NULL ELSE greatest(0, extract(epoch FROM e.at - u.discovered_at) / 3600)::float8 END AS hours) AS h
    GROUP BY u.grp, e.engine`);

  const byGroup = new Map<string | null, Partial<Record<Row["engine"], TimeToIndex>>>();
  for (const r of rows) {
    const entry = byGroup.get(r.grp) ?? {};
    entry[r.engine] = {
      urls: r.urls, indexed: r.indexed, alreadyIndexed: r.already, medianHours: roundTenth(r.median), p90Hours: roundTenth(r.p90),
      within7d: share(r.d7, r.urls), within30d: share(r.d30, r.urls),
    };
    byGroup.set(r.grp, entry);
  }
  const empty: TimeToIndex = { urls: 0, indexed: 0, alreadyIndexed: 0, medianHours: null, p90Hours: null, within7d: 0, within30d: 0 };
  const groups = [...byGroup.entries()]
    .map(([g, engines]) => ({ group: g, engines: { any: engines.any ?? empty, engineA: engines.engineA ?? empty, engineB: engines.engineB ?? empty } }))
    .sort((a, b) => b.engines.any.urls - a.engines.any.urls || String(a.group).localeCompare(String(b.group)));
  if (q.groupBy === "none" && !groups.length) groups.push({ group: null, engines: { any: empty, engineA: empty, engineB: empty } });
  return TimeToIndexPayload.parse({ days: q.days, groupBy: q.groupBy, depth: q.depth, from: from.toISOString(), groups });
}

const share = (n: number, of: number) => (of ? Math.round((n / of) * 10_000) / 10_000 : 0);
