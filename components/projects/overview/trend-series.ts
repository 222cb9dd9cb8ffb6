import type { Snapshot } from "@/lib/queries/trends";

// The daily snapshots as lines; a date without a snapshot is a gap (null, never interpolated).
export const SERIES = [
  { key: "indexedUrls", label: "Indexed", color: "#047857" },
  { key: "notIndexedUrls", label: "Not indexed", color: "#b45309" },
  { key: "brokenUrls", label: "Broken", color: "#b91c1c" },
  { key: "openIssues", label: "Open issue groups", color: "#4338ca" },
] as const;

export type Point = { date: string } & Partial<Record<(typeof SERIES)[number]["key"], number | null>>;

type Counts = Pick<Snapshot, (typeof SERIES)[number]["key"]> & Partial<Pick<Snapshot, "healthyUrls" | "redirectedUrls">>;

/**
 * A snapshot's value of each series, or null where that day measured nothing: no engine verdict yet (indexed and not
 * indexed both 0) says nothing of indexing, no audit yet (healthy, broken and redirected all 0) nothing of broken pages.
 */
function measured(s: Counts): Record<Serie["key"], number | null> {
  const engines = s.indexedUrls + s.notIndexedUrls > 0;
  const audits = (s.healthyUrls ?? 0) + s.brokenUrls + (s.redirectedUrls ?? 0) > 0;
  return {
    indexedUrls: engines ? s.indexedUrls : null, notIndexedUrls: engines ? s.notIndexedUrls : null,
    brokenUrls: audits ? s.brokenUrls : null, openIssues: engines || audits || s.openIssues > 0 ? s.openIssues : null,
  };
}

/**
 * One point per UTC date of the range up to yesterday (a snapshot closes each day), oldest first: the snapshot's numbers,
 * or nulls where none was taken or it measured nothing. The series start at the first day with data: the days before
 * it (the project did not exist, or nothing was checked yet) are left out rather than drawn as zeros.
 */
export function trendPoints(snapshots: Snapshot[], days: number, today = new Date()): Point[] {
  const byDate = new Map(snapshots.map((s) => [s.date, s]));
  const points: Point[] = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days + i)).toISOString().slice(0, 10);
    const s = byDate.get(date);
    return { date, ...(s ? measured(s) : Object.fromEntries(SERIES.map(({ key }) => [key, null]))) };
  });
  const first = points.findIndex((p) => SERIES.some(({ key }) => typeof p[key] === "number"));
  return first < 0 ? [] : points.slice(first);
}

export type Serie = (typeof SERIES)[number];

/** A y-axis range that fits the series' own values (a little padding, never below 0), so 20 → 51 is a climb, not a flat line. */
export function seriesDomain(values: number[]): [number, number] {
  if (values.length === 0) return [0, 1];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max(1, Math.ceil((hi - lo) * 0.15));
  return [Math.max(0, lo - pad), hi + pad];
}

/** First and last recorded values of a series over the range, and the change in words. */
export function seriesChange(points: Point[], key: Serie["key"]): { first: number; last: number; text: string } | null {
  const values = points.map((p) => p[key]).filter((v): v is number => typeof v === "number");
  if (values.length === 0) return null;
  const first = values[0];
  const last = values[values.length - 1];
  const delta = last - first;
  return { first, last, text: delta === 0 ? "no change" : `${delta > 0 ? "+" : "−"}${Math.abs(delta).toLocaleString("en")}` };
}


/** The lines end with yesterday's snapshot while the counters above are live: say so, with the date. */
export function untilYesterday(points: Point[]): string {
  const last = points.at(-1)?.date;
  if (!last) return "";
  const day = new Date(`${last}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  return `The lines run until yesterday (${day}), the last daily snapshot; the live counters include today.`;
}
