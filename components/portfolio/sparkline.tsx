"use client";

import { Line, LineChart, YAxis } from "recharts";
import { formatDate } from "@/components/ui/format";

const n = (v: number) => v.toLocaleString("en-US");
const day = (d: string) => formatDate(`${d}T00:00:00Z`);

/** What the sparkline shows, in words: the first and last day and the change between them. */
export function trendText(points: { date: string; indexedUrls: number }[]): string {
  if (points.length === 0) return "No daily snapshots in the last 30 days";
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length === 1) return `${n(last.indexedUrls)} indexed on ${day(last.date)}`;
  const change = last.indexedUrls - first.indexedUrls;
  const delta = change === 0 ? "no change" : `${change > 0 ? "up" : "down"} ${n(Math.abs(change))}`;
  return `${n(first.indexedUrls)} indexed on ${day(first.date)}, ${n(last.indexedUrls)} on ${day(last.date)} (${delta})`;
}

/**
 * A 30-day line of indexed URLs (Google or Bing) in a table cell: no axes, its own scale (a project's trend, not a
 * comparison between projects), drawn for sighted users only; the text beside it says the same for everyone.
 */
export function Sparkline({ points, label }: { points: { date: string; indexedUrls: number }[]; label: string }) {
  const text = trendText(points);
  if (points.length < 2) return <span className="text-xs text-slate-500">{points.length ? text : "No history yet"}</span>;
  const values = points.map((p) => p.indexedUrls);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const rising = values[values.length - 1] >= values[0];
  return (
    <span className="inline-flex items-center" title={text} data-testid="sparkline">
      <span aria-hidden="true" className="block h-6 w-24">
        <LineChart width={96} height={24} data={points} margin={{ top: 2, right: 2, bottom: 2, left: 2 }} accessibilityLayer={false}>
          <YAxis hide domain={[min === max ? min - 1 : min, max === min ? max + 1 : max]} />
          <Line type="monotone" dataKey="indexedUrls" stroke={rising ? "#047857" : "#b91c1c"} strokeWidth={1.5} dot={false} isAnimationActive={false} />
        </LineChart>
      </span>
      <span className="sr-only">{`${label}: ${text}`}</span>
    </span>
  );
}
