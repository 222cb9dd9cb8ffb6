import type { Snapshot } from "@/lib/queries/trends";

// The daily snapshots as lines; a date without a snapshot is a gap (null, never interpolated).
export const SERIES = [
  { key: "indexedUrls", label: "Indexed", color: "#047857" },
  { key: "notIndexedUrls", label: "Not indexed", color: "#b45309" },
  { key: "brokenUrls", label: "Broken", color: "#b91c1c" },
  { key: "openIssues", label: "Open issue groups", color: "#4338ca" },
] as const;

export type Point = { date: string } & Partial<Record<(typeof SERIES)[number]["key"], number | null>>;

/** One point per UTC date of the range, oldest first: the snapshot's numbers, or nulls where none was taken. */
export function trendPoints(snapshots: Snapshot[], days: number, today = new Date()): Point[] {
  const byDate = new Map(snapshots.map((s) => [s.date, s]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days + i)).toISOString().slice(0, 10);
    const s = byDate.get(date);
    return { date, ...Object.fromEntries(SERIES.map(({ key }) => [key, s ? s[key] : null])) };
  });
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

