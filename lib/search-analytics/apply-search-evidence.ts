import { db, Prisma } from "@/lib/db";
import { applyEngineObservations } from "@/lib/engine-sync/apply-engine-observations";
import type { Observation } from "@/lib/engine-sync/observation";
import type { ProjectRef } from "@/lib/issues/detections";
import { addDays } from "./day-keys";
import { METRIC_DAYS } from "./config";

const PACIFIC = "America/Los_Angeles";
/** URLs moved to `indexed` per transaction (each goes through the engine observations: history, issues). */
const EVIDENCE_BATCH = 1000;

/**
 * After a pull: every tracked URL's 28-day clicks, impressions, CTR, position and days with impressions, and its last impression day,
 * then the evidence. A page with an impression on day D was indexed on D: where nothing newer is known of
 * engine A (no inspection after the start of D), its state becomes `indexed`, source `search_analytics`,
 * observed at the start of D. A URL already indexed only has its provenance moved forward; one that was
 * not goes through the engine observations like an inspection's answer (history entry, coverage issues
 * cleared). No impressions is no evidence: nothing is ever downgraded here.
 */
export async function applySearchEvidence(p: ProjectRef, today: string, now: Date): Promise<{ promoted: number; refreshed: number }> {
  const from = addDays(today, -(METRIC_DAYS - 1));
  const refreshed = await db.$executeRaw(Prisma.sql`
    WITH agg AS (
      SELECT tracked_url_id, sum(clicks)::int AS clicks, sum(impressions)::int AS impressions,
             sum(position * impressions) / NULLIF(sum(impressions), 0) AS position, count(*)::int AS days
      FROM url_search_days WHERE project_id = ${p.projectId}::uuid AND day >= ${from}::date GROUP BY tracked_url_id
    ), last AS (
      SELECT tracked_url_id, max(day) AS day FROM url_search_days WHERE project_id = ${p.projectId}::uuid GROUP BY tracked_url_id
    )
    UPDATE tracked_urls t SET
      clicks_28d = COALESCE(agg.clicks, 0), impressions_28d = COALESCE(agg.impressions, 0),
      ctr_28d = CASE WHEN agg.impressions > 0 THEN agg.clicks::float8 / agg.impressions ELSE 0 END,
      position_28d = agg.position, impression_days_28d = COALESCE(agg.days, 0),
      last_impression_at = (last.day::timestamp AT TIME ZONE ${PACIFIC})
    FROM tracked_urls t2
    LEFT JOIN agg ON agg.tracked_url_id = t2.id
    LEFT JOIN last ON last.tracked_url_id = t2.id
    WHERE t.id = t2.id AND t2.project_id = ${p.projectId}::uuid AND t.project_id = ${p.projectId}::uuid
      AND (t.clicks_28d IS DISTINCT FROM COALESCE(agg.clicks, 0) OR t.impressions_28d IS DISTINCT FROM COALESCE(agg.impressions, 0)
        OR t.position_28d IS DISTINCT FROM agg.position OR t.impression_days_28d IS DISTINCT FROM COALESCE(agg.days, 0)
        OR t.last_impression_at IS DISTINCT FROM (last.day::timestamp AT TIME ZONE ${PACIFIC}))`);

  // Already indexed: the newer evidence becomes the verdict's provenance, without a history entry a day.
  await db.$executeRaw(Prisma.sql`
    UPDATE tracked_urls SET engine_a_state_source = 'search_analytics', engine_a_observed_at = last_impression_at
    WHERE project_id = ${p.projectId}::uuid AND engine_a_state = 'indexed' AND last_impression_at IS NOT NULL
      AND (engine_a_observed_at IS NULL OR engine_a_observed_at < last_impression_at)`);

  let promoted = 0;
  for (;;) {
    const batch = await db.$queryRaw<{ id: string; at: Date; state: string }[]>(Prisma.sql`
      SELECT id::text AS id, last_impression_at AS at, engine_a_state::text AS state FROM tracked_urls
      WHERE project_id = ${p.projectId}::uuid AND engine_a_state <> 'indexed' AND last_impression_at IS NOT NULL
        AND (engine_a_observed_at IS NULL OR engine_a_observed_at < last_impression_at)
      ORDER BY id LIMIT ${EVIDENCE_BATCH}`);
    if (!batch.length) break;
    const observations: Observation[] = batch.map((u) => ({
      trackedUrlId: u.id, kind: "engineA", state: "indexed", source: "search_analytics", stateSource: "search_analytics", observedAt: u.at,
      record: { state: "indexed", decidedBy: "search_analytics", lastImpressionDay: u.at.toISOString(), previousState: u.state },
    }));
    await db.$transaction((tx) => applyEngineObservations(tx, p, observations, now));
    promoted += batch.length;
    if (batch.length < EVIDENCE_BATCH) break;
  }
  return { promoted, refreshed };
}
