import { db, Prisma } from "@/lib/db";
import { issueTitle } from "@/lib/issues/issue-types";
import type { IssueResponse } from "@/lib/issues/schemas";
import type { TimeToIndex } from "@/lib/metrics/schemas";
import { indexingMetricsBetween } from "@/lib/metrics/time-to-index";
import { brandingOf, type Branding } from "@/lib/organizations/branding";
import { COUNTER_COLUMNS, COUNTERS, type Counter, type Counters } from "@/lib/stats/counters";
import type { Period } from "./periods";

// Everything one client report shows, read for one project and period. Counters come from the daily snapshots:
// the period's last one against the last one before it; without any snapshot in the period, the live counters.

export const TREND_DAYS = 90;
const TOP_ISSUES = 8;

export type ReportProject = { id: string; organizationId: string; name: string; domain: string; organizationName: string | null; gscConnected: boolean; bingConnected: boolean };
export type IssueMovement = { type: IssueResponse["type"]; title: string; severity: IssueResponse["severity"]; urls: number; siteWide: boolean };

export type ReportData = {
  project: ReportProject;
  /** The organization's name, accent colour and logo as the report shows them (lib/organizations/branding.ts). */
  branding: Branding;
  period: Period;
  generatedAt: Date;
  counters: { end: Counters; start: Counters | null; endDate: string | null; startDate: string | null };
  engines: { google: number; bing: number };
  trend: { date: string; indexedUrls: number; notIndexedUrls: number }[];
  newUrls: number;
  timeToIndex: { any: TimeToIndex; engineA: TimeToIndex; engineB: TimeToIndex };
  issuesOpened: IssueMovement[];
  issuesFixed: IssueMovement[];
  openIssues: { critical: number; warning: number; info: number };
  submissions: { batches: number; urls: number; deliveredUrls: number; failedBatches: number };
};

type SnapshotRow = Counters & { date: string };
const day = (d: Date) => d.toISOString().slice(0, 10);

export async function reportData(project: ReportProject, period: Period, generatedAt = new Date()): Promise<ReportData> {
  const p = { id: project.id, organizationId: project.organizationId };
  const [branding, snapshots, live, engines, newUrls, tti, movements, open, submissions] = await Promise.all([
    brandingOf(project.organizationId), snapshotsUntil(p.id, period.end), liveCounters(p.id), indexedPerEngine(p.id), urlsFirstSeen(p.id, period),
    indexingMetricsBetween(p, period.start, period.end), issueMovements(p.id, period), openIssueGroups(p.id), submitted(p.id, period),
  ]);
  const startDay = day(period.start);
  const inPeriod = snapshots.filter((s) => s.date >= startDay);
  const before = snapshots.filter((s) => s.date < startDay);
  const endSnap = inPeriod.at(-1) ?? null;
  const startSnap = before.at(-1) ?? (inPeriod.length > 1 ? inPeriod[0] : null);
  const pick = (s: SnapshotRow): Counters => Object.fromEntries(COUNTERS.map((c) => [c, s[c]])) as Counters;
  return {
    project, branding, period, generatedAt,
    counters: { end: endSnap ? pick(endSnap) : live, start: startSnap ? pick(startSnap) : null, endDate: endSnap?.date ?? null, startDate: startSnap?.date ?? null },
    engines,
    trend: snapshots.map((s) => ({ date: s.date, indexedUrls: s.indexedUrls, notIndexedUrls: s.notIndexedUrls })),
    newUrls,
    timeToIndex: tti.groups[0].engines,
    ...movements,
    openIssues: open,
    submissions,
  };
}

async function snapshotsUntil(projectId: string, end: Date): Promise<SnapshotRow[]> {
  const from = new Date(end.getTime() - TREND_DAYS * 86_400_000);
  return db.$queryRaw<SnapshotRow[]>(Prisma.sql`
    SELECT to_char(date, 'YYYY-MM-DD') AS date, ${Prisma.raw(COUNTERS.map((c) => `${COUNTER_COLUMNS[c]} AS "${c}"`).join(", "))}
    FROM website_snapshots WHERE project_id = ${projectId}::uuid AND date >= ${day(from)}::date AND date < ${day(end)}::date ORDER BY date`);
}

async function liveCounters(projectId: string): Promise<Counters> {
  const row = await db.websiteStats.findUnique({ where: { projectId } });
  return Object.fromEntries(COUNTERS.map((c: Counter) => [c, row?.[c] ?? 0])) as Counters;
}

/** URLs Google (Bing) says indexed now: the exact facet counts the URL list's totals use. */
async function indexedPerEngine(projectId: string) {
  const rows = await db.urlFacetCount.findMany({ where: { projectId, facet: { in: ["engine_a_state", "engine_b_state"] }, value: "indexed" } });
  const of = (facet: string) => rows.find((r) => r.facet === facet)?.urls ?? 0;
  return { google: of("engine_a_state"), bing: of("engine_b_state") };
}

const urlsFirstSeen = (projectId: string, p: Period) =>
  db.trackedUrl.count({ where: { projectId, discoveredAt: { gte: p.start, lt: p.end } } });

/**
 * Per issue type: URLs that entered the group in the period (opened) and URLs whose membership was resolved in
 * it (fixed); a project-level group (no URLs) counts when it was first detected or resolved in the period.
 */
async function issueMovements(projectId: string, p: Period) {
  const rows = await db.$queryRaw<{ type: IssueResponse["type"]; severity: IssueResponse["severity"]; rank: number; opened: number; fixed: number; group_opened: boolean; group_fixed: boolean }[]>(Prisma.sql`
    SELECT i.type, i.severity, i.severity_rank AS rank,
           coalesce(m.opened, 0)::int AS opened, coalesce(m.fixed, 0)::int AS fixed,
           (i.first_detected_at >= ${p.start} AND i.first_detected_at < ${p.end}) AS group_opened,
           (i.status = 'resolved' AND i.resolved_at >= ${p.start} AND i.resolved_at < ${p.end}) AS group_fixed
    FROM issues i
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE detected_at >= ${p.start} AND detected_at < ${p.end}) AS opened,
             count(*) FILTER (WHERE resolved_at >= ${p.start} AND resolved_at < ${p.end}) AS fixed
      FROM issue_url_memberships WHERE issue_id = i.id AND (detected_at >= ${p.start} OR resolved_at >= ${p.start})
    ) m ON true
    WHERE i.project_id = ${projectId}::uuid AND i.status <> 'ignored'`);
  const movement = (key: "opened" | "fixed", group: "group_opened" | "group_fixed") => rows
    .filter((r) => r[key] > 0 || r[group])
    .map((r) => ({ type: r.type, title: issueTitle(r.type), severity: r.severity, urls: r[key], siteWide: r[key] === 0, rank: r.rank }))
    .sort((a, b) => b.rank - a.rank || b.urls - a.urls || a.title.localeCompare(b.title))
    .slice(0, TOP_ISSUES)
    .map(({ rank: _rank, ...m }) => m);
  return { issuesOpened: movement("opened", "group_opened"), issuesFixed: movement("fixed", "group_fixed") };
}

async function openIssueGroups(projectId: string) {
  const rows = await db.issue.groupBy({ by: ["severity"], where: { projectId, status: "open" }, _count: { _all: true } });
  const of = (s: string) => rows.find((r) => r.severity === s)?._count._all ?? 0;
  return { critical: of("critical"), warning: of("warning"), info: of("info") };
}

async function submitted(projectId: string, p: Period) {
  const [r] = await db.$queryRaw<{ batches: number; urls: number; delivered_urls: number; failed: number }[]>(Prisma.sql`
    SELECT count(*)::int AS batches, coalesce(sum(url_count), 0)::int AS urls,
           coalesce(sum(url_count) FILTER (WHERE status IN ('accepted', 'submitted')), 0)::int AS delivered_urls,
           count(*) FILTER (WHERE status IN ('rejected', 'error'))::int AS failed
    FROM submissions WHERE project_id = ${projectId}::uuid AND created_at >= ${p.start} AND created_at < ${p.end}`);
  return { batches: r.batches, urls: r.urls, deliveredUrls: r.delivered_urls, failedBatches: r.failed };
}
