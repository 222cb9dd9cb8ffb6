// A project whose URLs cover every state combination the filters look at, plus issue groups of
// every status, and an independent oracle (plain TypeScript) for what each filter should return.
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { ENGINE_A_STATES, ENGINE_B_STATES, HEALTH_STATES, INDEXABILITIES, URL_SOURCES, type UrlFilters } from "@/lib/urls/schemas";
import type { Target } from "./helpers";

export type Row = {
  id: string; url: string; discoveredAt: Date; source: string; healthState: string; indexability: string;
  engineAState: string; engineBState: string; staleAt: Date | null; openIssue: boolean;
};

const BASE = Date.UTC(2025, 0, 1);

/** n URLs; four share each discoveredAt so the id breaks ties. */
export async function seedFixture(t: Target, n = 240): Promise<Row[]> {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    url: `https://${t.domain}/u${i}`,
    discoveredAt: new Date(BASE + Math.floor(((i * 37) % n) / 4) * 60_000),
    source: URL_SOURCES[i % 3],
    healthState: HEALTH_STATES[i % 6],
    indexability: INDEXABILITIES[Math.floor(i / 2) % 5],
    engineAState: ENGINE_A_STATES[(i * 3 + 1) % 8],
    engineBState: ENGINE_B_STATES[Math.floor(i / 5) % 6],
    staleAt: i % 7 === 0 ? new Date(BASE + 86_400_000) : null,
    openIssue: false,
  }));
  await db.trackedUrl.createMany({
    data: rows.map(({ openIssue: _o, ...r }) => ({
      ...r, organizationId: t.orgId, projectId: t.projectId,
    })) as never,
  });

  // Only an open membership of an open group counts; resolved memberships and ignored or resolved groups do not.
  const group = (type: string, status: string) => db.issue.create({
    data: {
      organizationId: t.orgId, projectId: t.projectId, type: type as never, severity: "warning", severityRank: 2, status: status as never,
      firstDetectedAt: new Date(BASE), lastDetectedAt: new Date(BASE), resolvedAt: status === "resolved" ? new Date(BASE) : null,
    },
  });
  const [open, ignored, resolved, openToo] = await Promise.all([
    group("broken_link", "open"), group("has_noindex", "ignored"), group("redirect_chain", "resolved"), group("crawled_not_indexed", "open"),
  ]);
  const members: { issueId: string; row: Row; resolved: boolean }[] = [];
  rows.forEach((row, i) => {
    if (i % 4 === 0) members.push({ issueId: open.id, row, resolved: false });
    if (i % 8 === 2) members.push({ issueId: open.id, row, resolved: true });
    if (i % 5 === 1) members.push({ issueId: ignored.id, row, resolved: false });
    if (i % 6 === 3) members.push({ issueId: resolved.id, row, resolved: false });
    if (i % 12 === 0 || i % 9 === 5) members.push({ issueId: openToo.id, row, resolved: false }); // overlaps the first group too
  });
  await db.issueUrlMembership.createMany({
    data: members.map((m) => ({
      organizationId: t.orgId, issueId: m.issueId, trackedUrlId: m.row.id, url: m.row.url,
      detectedAt: new Date(BASE), resolvedAt: m.resolved ? new Date(BASE) : null,
    })),
  });
  for (const m of members) if (!m.resolved && (m.issueId === open.id || m.issueId === openToo.id)) m.row.openIssue = true;
  return rows;
}

const A_NOT = ["crawled_not_indexed", "discovered_not_indexed", "excluded", "blocked"];
const B_NOT = ["not_indexed", "blocked"];
const notInEngine = (r: Row) => r.indexability === "indexable" && (A_NOT.includes(r.engineAState) || B_NOT.includes(r.engineBState));
const indexedAnyway = (r: Row) => ["noindex", "canonicalized", "blocked_by_robots"].includes(r.indexability)
  && (r.engineAState === "indexed" || r.engineBState === "indexed");

/** Which of the overview's counters a URL is in (broken is independent of the two index counters, which exclude each other). */
function counted(r: Row): "indexed" | "not_indexed" | null {
  return r.engineAState === "indexed" || r.engineBState === "indexed" ? "indexed"
    : r.engineAState !== "unknown" || r.engineBState !== "unknown" ? "not_indexed" : null;
}
const broken = (r: Row) => ["client_error", "server_error", "timeout"].includes(r.healthState);

export function matches(r: Row, f: UrlFilters): boolean {
  if (f.healthState && r.healthState !== f.healthState) return false;
  if (f.indexability && r.indexability !== f.indexability) return false;
  if (f.engineAState && r.engineAState !== f.engineAState) return false;
  if (f.engineBState && r.engineBState !== f.engineBState) return false;
  if (f.source && r.source !== f.source) return false;
  if (f.hasIssues && r.openIssue !== (f.hasIssues === "true")) return false;
  if (f.isStale && (r.staleAt !== null) !== (f.isStale === "true")) return false;
  if (f.disagreement === "indexable_not_in_engine" && !notInEngine(r)) return false;
  if (f.disagreement === "nonindexable_but_indexed" && !indexedAnyway(r)) return false;
  if (f.disagreement === "any" && !notInEngine(r) && !indexedAnyway(r)) return false;
  if (f.counter === "broken" && !broken(r)) return false;
  if ((f.counter === "indexed" || f.counter === "not_indexed") && counted(r) !== f.counter) return false;
  return true;
}

/** The expected listing: (discoveredAt, id) ascending, ids compared as PostgreSQL compares uuids. */
export function expected(rows: Row[], f: UrlFilters): Row[] {
  return rows.filter((r) => matches(r, f))
    .sort((a, b) => a.discoveredAt.getTime() - b.discoveredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const SINGLE_FILTERS: UrlFilters[] = [
  ...HEALTH_STATES.map((healthState) => ({ healthState })),
  ...INDEXABILITIES.map((indexability) => ({ indexability })),
  ...ENGINE_A_STATES.map((engineAState) => ({ engineAState })),
  ...ENGINE_B_STATES.map((engineBState) => ({ engineBState })),
  ...URL_SOURCES.map((source) => ({ source })),
  { hasIssues: "true" }, { hasIssues: "false" }, { isStale: "true" }, { isStale: "false" },
  { disagreement: "indexable_not_in_engine" }, { disagreement: "nonindexable_but_indexed" }, { disagreement: "any" },
  { counter: "broken" }, { counter: "indexed" }, { counter: "not_indexed" },
];

export const toQuery = (f: UrlFilters, extra: Record<string, string | number> = {}) =>
  "?" + new URLSearchParams(Object.entries({ ...f, ...extra }).map(([k, v]) => [k, String(v)])).toString();
