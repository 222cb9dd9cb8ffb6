import { Prisma, sqlRows, type InspectionCadence } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { CADENCE_MS } from "@/lib/projects/set-automation";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { windowDates } from "./get-usage";
import { CreditForecast, type ForecastProject } from "./schemas";

const DAY = 86_400_000;
export const FORECAST_DAYS = 30;

type ProjectRow = {
  id: string; name: string; domain: string; status: "active" | "paused"; automated: boolean; cadence: InspectionCadence; tracked: number; queued: number;
};
type Bucket = { project_id: string; first: Date; urls: number; due: number };

/**
 * GET O/credits/forecast: what scheduled inspections will cost (docs/guide/audits-and-issues.md, "Audits and scheduled inspections"): an active project
 * with automation on inspects each URL at its nextInspectionAt (at once when overdue) and then every cadence, 1 credit
 * each; the "check again" queue of an active project is charged at the next tick. Per project the next cycle (one
 * cadence from now) and the next 30 days, per day for the chart, and the day the balance runs out. The ±5 % jitter,
 * retries after failures and URLs a future sync adds are not foreseen. The URLs are counted per hour of their next
 * inspection (each hour walked from its earliest time) along the (project_id, next_inspection_at) index; the cadences
 * are walked in memory.
 */
export async function getCreditForecast(ctx: OrgCtx, now = new Date()): Promise<CreditForecast> {
  const org = ctx.org.id;
  const end = new Date(now.getTime() + FORECAST_DAYS * DAY);
  const [projects, buckets, balance] = await Promise.all([
    sqlRows<ProjectRow>(Prisma.sql`
      SELECT p.id::text AS id, p.name, p.domain, p.status::text AS status, p.automated_inspections_enabled AS automated,
             p.inspection_cadence::text AS cadence, coalesce(s.total_urls, 0)::int AS tracked,
             (SELECT count(*) FROM inspection_requests r WHERE r.project_id = p.id)::int AS queued
      FROM projects p LEFT JOIN website_stats s ON s.project_id = p.id
      WHERE p.organization_id = ${org}::uuid AND p.deleted_at IS NULL`),
    // One index range count per project and hour of the window (and one for everything overdue before this hour): a
    // scan of the (project_id, next_inspection_at) index with no per-row arithmetic, three times faster at 1,000,000 URLs
    // than grouping the rows by their hour (bench/credits).
    sqlRows<Bucket>(Prisma.sql`
      WITH p AS (
        SELECT id FROM projects
        WHERE organization_id = ${org}::uuid AND deleted_at IS NULL AND status = 'active' AND automated_inspections_enabled
      ), b AS (
        SELECT p.id, g AS lo, g + interval '1 hour' AS hi
        FROM p, generate_series(date_trunc('hour', ${now}::timestamptz), ${end}::timestamptz, interval '1 hour') g
        UNION ALL
        SELECT p.id, '-infinity'::timestamptz, date_trunc('hour', ${now}::timestamptz) FROM p
      )
      SELECT b.id::text AS project_id, c.first, c.urls, c.due FROM b
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS urls, min(t.next_inspection_at) AS first, count(*) FILTER (WHERE t.next_inspection_at <= ${now}::timestamptz)::int AS due
        FROM tracked_urls t
        WHERE t.project_id = b.id AND t.next_inspection_at >= b.lo AND t.next_inspection_at < least(b.hi, ${end}::timestamptz)
      ) c
      WHERE c.urls > 0`),
    currentBalance(ctx, org),
  ]);

  const dates = windowDates(new Date(now.getTime() + (FORECAST_DAYS - 1) * DAY), FORECAST_DAYS);
  const index = new Map(dates.map((d, i) => [d, i]));
  const daily = dates.map(() => 0);
  const byProject = new Map<string, Bucket[]>();
  for (const b of buckets) byProject.set(b.project_id, [...(byProject.get(b.project_id) ?? []), b]);

  const rows: ForecastProject[] = projects.map((p) => {
    const cadenceMs = CADENCE_MS[p.cadence];
    const queued = p.status === "active" ? p.queued : 0;
    let nextCycle = queued;
    let next30 = queued;
    let dueNow = 0;
    daily[0] += queued;
    for (const b of byProject.get(p.id) ?? []) {
      dueNow += b.due;
      const first = Math.max(b.first.getTime(), now.getTime()); // overdue: at the next run
      if (first < now.getTime() + cadenceMs) nextCycle += b.urls;
      for (let at = first; at < end.getTime(); at += cadenceMs) {
        next30 += b.urls;
        const i = index.get(new Date(at).toISOString().slice(0, 10));
        if (i !== undefined) daily[i] += b.urls;
      }
    }
    return {
      projectId: p.id, name: p.name, domain: p.domain, status: p.status, automatedInspectionsEnabled: p.automated, cadence: p.cadence,
      trackedUrls: p.tracked, dueNow, queued: p.queued, nextCycleCredits: nextCycle, next30DaysCredits: next30,
    };
  });
  rows.sort((a, b) => b.next30DaysCredits - a.next30DaysCredits || a.name.localeCompare(b.name) || a.projectId.localeCompare(b.projectId));

  let left = Math.max(0, balance);
  let runsOutOn: string | null = null;
  for (let i = 0; i < daily.length && runsOutOn === null; i++) {
    left -= daily[i];
    if (left < 0) runsOutOn = dates[i];
  }
  return CreditForecast.parse({
    generatedAt: now.toISOString(), balance: Math.max(0, balance),
    nextCycleCredits: rows.reduce((s, r) => s + r.nextCycleCredits, 0),
    next30DaysCredits: rows.reduce((s, r) => s + r.next30DaysCredits, 0),
    runsOutOn, daily: dates.map((date, i) => ({ date, credits: daily[i] })), projects: rows,
  });
}
