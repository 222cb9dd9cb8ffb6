import type { OrgCtx } from "@/lib/core/context";
import { db, Prisma, withTransaction } from "@/lib/db";
import { applyEngineObservations } from "@/lib/engine-sync/apply-engine-observations";
import type { Observation } from "@/lib/engine-sync/observation";
import { addDays } from "./day-keys";
import { METRIC_DAYS } from "./config";

const PACIFIC = "America/Los_Angeles";
/** URLs moved to `indexed` per transaction (each goes through the engine observations: history, issues). */
const EVIDENCE_BATCH = 1000;

/**
 * After a pull: every tracked URL's 28-day clicks, impressions, CTR, position and days with impressions, and its last impression day,
 * then the evidence. A page with an impression on day D was indexed on D: where nothing newer is known of
 * Google (engineA: no inspection after the start of D), its state becomes `indexed`, source `search_analytics`,
 * observed at the start of D. A URL already indexed only has its provenance moved forward; one that was
 * not goes through the engine observations like an inspection's answer (history entry, coverage issues
 * cleared). No impressions is no evidence: nothing is ever downgraded here.
 */
export async function applySearchEvidence(ctx: OrgCtx, projectId: string, today: string, now: Date): Promise<{ promoted: number; refreshed: number }> {
  const from = addDays(today, -(METRIC_DAYS - 1));
  // Per URL through the (tracked_url_id, day) key, whatever the statistics say: right after a first backfill or a large
  // import the planner has none yet, and a join of two aggregates it takes for small would run quadratic.
  const refreshed = await db.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET
      clicks_28d = x.clicks, impressions_28d = x.impressions,
      ctr_28d = CASE WHEN x.impressions > 0 THEN x.clicks::float8 / x.impressions ELSE 0 END,
      position_28d = x.position, impression_days_28d = x.days, last_impression_at = x.last
    FROM (
      SELECT u.id, a.clicks, a.impressions, a.position, a.days, (a.last_day::timestamp AT TIME ZONE ${PACIFIC}) AS last
      FROM tracked_urls u CROSS JOIN LATERAL (
        SELECT COALESCE(sum(d.clicks) FILTER (WHERE d.day >= ${from}::date), 0)::int AS clicks,
               COALESCE(sum(d.impressions) FILTER (WHERE d.day >= ${from}::date), 0)::int AS impressions,
               sum(d.position * d.impressions) FILTER (WHERE d.day >= ${from}::date)
                 / NULLIF(sum(d.impressions) FILTER (WHERE d.day >= ${from}::date), 0) AS position,
               count(*) FILTER (WHERE d.day >= ${from}::date)::int AS days, max(d.day) AS last_day
        FROM url_search_days d WHERE d.tracked_url_id = u.id) a
      WHERE u.project_id = ${projectId}::uuid
    ) x
    WHERE t.id = x.id AND t.project_id = ${projectId}::uuid
      AND (t.clicks_28d IS DISTINCT FROM x.clicks OR t.impressions_28d IS DISTINCT FROM x.impressions OR t.position_28d IS DISTINCT FROM x.position
        OR t.impression_days_28d IS DISTINCT FROM x.days OR t.last_impression_at IS DISTINCT FROM x.last)`);

  // Already indexed: the newer evidence becomes the verdict's provenance, without a history entry a day.
  await db.$executeRaw(Prisma.sql`
    UPDATE tracked_urls SET engine_a_state_source = 'search_analytics', engine_a_observed_at = last_impression_at
    WHERE project_id = ${projectId}::uuid AND engine_a_state = 'indexed' AND last_impression_at IS NOT NULL
      AND (engine_a_observed_at IS NULL OR engine_a_observed_at < last_impression_at)`);

  let promoted = 0;
  for (;;) {
    const batch = await db.$queryRaw<{ id: string; at: Date; state: string }[]>(Prisma.sql`
      SELECT id::text AS id, last_impression_at AS at, engine_a_state::text AS state FROM tracked_urls
      WHERE project_id = ${projectId}::uuid AND engine_a_state <> 'indexed' AND last_impression_at IS NOT NULL
        AND (engine_a_observed_at IS NULL OR engine_a_observed_at < last_impression_at)
      ORDER BY id LIMIT ${EVIDENCE_BATCH}`);
    if (!batch.length) break;
    const observations: Observation[] = batch.map((u) => ({
      trackedUrlId: u.id, kind: "engineA", state: "indexed", source: "search_analytics", stateSource: "search_analytics", observedAt: u.at,
      record: { state: "indexed", decidedBy: "search_analytics", lastImpressionDay: u.at.toISOString(), previousState: u.state },
    }));
    await withTransaction(ctx, (ctx) => applyEngineObservations(ctx, projectId, observations, now));
    promoted += batch.length;
    if (batch.length < EVIDENCE_BATCH) break;
  }
  return { promoted, refreshed };
}
