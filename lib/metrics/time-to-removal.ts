import { db, Prisma } from "@/lib/db";
import type { IndexingMetricsResponse } from "./schemas";
import { roundTenth } from "@/lib/core/round-tenth";

type Row = { engine: "all" | "engineA" | "engineB"; removed: number; median: number | null; p90: number | null };

/**
 * Time to removal beside time to index: for the URLs of the project's removals that an engine dropped at or after
 * `from`, the hours from the declaration to the drop (engine_a/b_removed_at per engine, removed_at once every
 * connected engine did), and how many URLs are still followed. Read through the batches (indexed by project).
 */
export async function timeToRemoval(project: { id: string; organizationId: string }, from: Date): Promise<IndexingMetricsResponse["timeToRemoval"]> {
  const urls = Prisma.sql`removal_batches b JOIN removal_urls r ON r.batch_id = b.id`;
  const ofProject = Prisma.sql`b.project_id = ${project.id}::uuid AND b.organization_id = ${project.organizationId}::uuid`;
  const [rows, [now]] = await Promise.all([
    db.$queryRaw<Row[]>(Prisma.sql`
      SELECT e.engine, count(*)::int AS removed,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY e.hours)::float8 AS median,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY e.hours)::float8 AS p90
      FROM ${urls}
      CROSS JOIN LATERAL (VALUES ('all', r.removed_at), ('engineA', r.engine_a_removed_at), ('engineB', r.engine_b_removed_at)) AS d(engine, at)
      CROSS JOIN LATERAL (SELECT d.engine, greatest(0, extract(epoch FROM d.at - r.declared_at) / 3600)::float8 AS hours) AS e
      -- Rows dropped in the window only, before the per-engine values (a project's cancelled batches keep their rows).
      WHERE ${ofProject} AND (r.removed_at >= ${from} OR r.engine_a_removed_at >= ${from} OR r.engine_b_removed_at >= ${from}) AND d.at >= ${from}
      GROUP BY e.engine`),
    db.$queryRaw<{ following: number; stuck: number }[]>(Prisma.sql`
      SELECT count(*) FILTER (WHERE r.active_tracked_url_id IS NOT NULL)::int AS following, count(*) FILTER (WHERE r.state = 'stuck')::int AS stuck
      FROM ${urls} WHERE ${ofProject} AND b.status = 'active'`),
  ]);
  const of = (engine: Row["engine"]) => {
    const r = rows.find((x) => x.engine === engine);
    return { removed: r?.removed ?? 0, medianHours: roundTenth(r?.median ?? null), p90Hours: roundTenth(r?.p90 ?? null) };
  };
  return { all: of("all"), engineA: of("engineA"), engineB: of("engineB"), following: now.following, stuck: now.stuck };
}
