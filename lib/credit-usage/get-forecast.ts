import { db, Prisma, sqlRows, type InspectionCadence } from "@/lib/db";
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
 * GET O/credits/forecast: what scheduled inspections will cost (README "Scheduled inspections"): an active project
 * with automation on inspects each URL at its nextInspectionAt (at once when overdue) and then every cadence, 1 credit
 * each; the "check again" queue of an active project is charged at the next tick. Per project the next cycle (one
 * cadence from now) and the next 30 days, per day for the chart, and the day the balance runs out. The ±5 % jitter,
 * retries after failures and URLs a future sync adds are not foreseen. The URLs are read grouped by the hour of their
 * next inspection (each group walked from its earliest time) along the (project_id, next_inspection_at) index; the
 * cadences are walked in memory.
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
    sqlRows<Bucket>(Prisma.sql`
      SELECT project_id, min(at) AS first, count(*)::int AS urls, count(*) FILTER (WHERE overdue)::int AS due
      FROM (
        SELECT t.project_id::text AS project_id, greatest(t.next_inspection_at, ${now}::timestamptz) AS at, t.next_inspection_at <= ${now}::timestamptz AS overdue
        FROM projects p JOIN tracked_urls t ON t.project_id = p.id
        WHERE p.organization_id = ${org}::uuid AND p.deleted_at IS NULL AND p.status = 'active' AND p.automated_inspections_enabled
          AND t.next_inspection_at IS NOT NULL AND t.next_inspection_at < ${end}::timestamptz
      ) u
      GROUP BY project_id, date_trunc('hour', at)`),
    currentBalance(db, org),
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
      if (b.first.getTime() < now.getTime() + cadenceMs) nextCycle += b.urls;
      for (let at = b.first.getTime(); at < end.getTime(); at += cadenceMs) {
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
