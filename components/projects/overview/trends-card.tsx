"use client";

import { ChartNumbers } from "@/components/ui/chart-numbers";
import { useId, useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { snapshotsQuery, TREND_RANGES, type TrendRange } from "@/lib/queries/trends";
import { useReadOnly } from "../read-only";
import { SERIES, seriesChange, seriesDomain, trendPoints, untilYesterday, type Point, type Serie } from "./trend-series";
import { TimeToIndexPanel } from "./time-to-index-panel";
import { TimeToRemovalPanel } from "./time-to-removal-panel";
import { shortDate } from "@/components/ui/format";

/** One small chart per series, on its own scale: small counts are not flattened by the large ones. */
function SeriesChart({ serie, points, dots }: { serie: Serie; points: Point[]; dots: boolean }) {
  const values = points.map((p) => p[serie.key]).filter((v): v is number => typeof v === "number");
  const change = seriesChange(points, serie.key);
  return (
    <div className="rounded-md border border-slate-200 p-3" data-testid={`trend-${serie.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold" style={{ color: serie.color }}>{serie.label}</h3>
        {change && (
          <p className="text-xs text-slate-600" data-testid="trend-change">
            {change.first.toLocaleString("en")} → <span className="font-semibold text-slate-900">{change.last.toLocaleString("en")}</span> ({change.text})
          </p>
        )}
      </div>
      <div className="mt-1 h-36 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 6, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={32} fontSize={11} />
            <YAxis allowDecimals={false} fontSize={11} width={48} domain={seriesDomain(values)} tickFormatter={(v: number) => v.toLocaleString("en")} />
            <Tooltip labelFormatter={(d) => shortDate(String(d))} formatter={(v) => [Number(v).toLocaleString("en"), serie.label]} />
            <Line type="monotone" dataKey={serie.key} name={serie.label} stroke={serie.color} strokeWidth={2} dot={dots} connectNulls={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

const n = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toLocaleString("en"));

const rangeLabel = (r: TrendRange) => (r === 365 ? "1 year" : `${r} days`);
const rangeClass = (current: boolean) => `whitespace-nowrap rounded-md border px-2.5 py-1 text-sm ${
  current ? "border-brand-600 bg-brand-50 font-medium text-brand-800" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`;

/**
 * The project over time: the range switch, the chart of daily snapshots, its numbers as a table, and time to index.
 * Read-only (a share link), the range is the page's `?days=` and the switch is links: the server renders each range.
 */
export function TrendsCard({ orgId, projectId }: { orgId: string; projectId: string }) {
  const readOnly = useReadOnly();
  const [chosen, setDays] = useState<TrendRange>(30);
  const days = (readOnly?.days ?? chosen) as TrendRange;
  const id = useId();
  const snapshots = useQuery(snapshotsQuery(orgId, projectId, days));
  const points = snapshots.data ? trendPoints(snapshots.data, days) : [];
  const taken = snapshots.data?.length ?? 0;

  return (
    <Card>
      <section aria-labelledby={`${id}-title`} data-testid="trends">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="text-lg font-semibold">Over time</h2>
          {readOnly ? (
            <nav aria-label="Range" className="flex items-center gap-1" data-testid="trend-range">
              {TREND_RANGES.map((r) => (
                <Link key={r} href={`${readOnly.base}?days=${r}`} scroll={false} aria-current={r === days ? "page" : undefined} className={rangeClass(r === days)}>{rangeLabel(r)}</Link>
              ))}
            </nav>
          ) : (
            <fieldset className="flex items-center gap-1" data-testid="trend-range">
              <legend className="sr-only">Range</legend>
              {TREND_RANGES.map((r) => (
                <label key={r} className={`cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${rangeClass(r === days)}`}>
                  <input type="radio" name={`${id}-range`} value={r} checked={r === days} onChange={() => setDays(r)} className="sr-only" />
                  {rangeLabel(r)}
                </label>
              ))}
            </fieldset>
          )}
        </div>
        {snapshots.isPending ? (
          <div role="status" aria-busy="true" className="mt-4 h-64 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading the history…</span></div>
        ) : snapshots.isError ? (
          <ErrorAlert error={snapshots.error} className="mt-4" />
        ) : taken === 0 || points.length === 0 ? (
          <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="trends-empty">
            No daily snapshots in this range yet. One is taken just after midnight (UTC) every day; the chart fills in from tomorrow.
          </p>
        ) : (
          <div aria-busy={snapshots.isPlaceholderData || undefined}>
            <p className="mt-1 text-sm text-slate-600">
              {taken} of {days} days recorded{taken < days ? "; a day without a snapshot is a gap in the lines" : ""}.{" "}
              <span data-testid="trends-until">{untilYesterday(points)}</span>
            </p>
            <figure className="mt-3" aria-labelledby={`${id}-caption`}>
              <div className="grid gap-4 sm:grid-cols-2" data-testid="trends-chart">
                {SERIES.map((serie) => <SeriesChart key={serie.key} serie={serie} points={points} dots={days <= 30} />)}
              </div>
              <figcaption id={`${id}-caption`} className="sr-only">
                Indexed, not indexed and broken URLs and open issue groups per day over the last {days} days, each on its own scale; the same
                numbers are in the table below.
              </figcaption>
            </figure>
            <ChartNumbers id={`${id}-table`} regionLabel="Daily counters">
              <table className="w-full text-left text-sm" data-testid="trends-table">
                <caption className="sr-only">Daily counters, oldest first</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
                    <th scope="col" className="py-1.5 pr-3">Date</th>
                    {SERIES.map((s) => <th key={s.key} scope="col" className="py-1.5 pr-3 text-right">{s.label}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.date} className="border-b border-slate-100">
                      <th scope="row" className="py-1 pr-3 font-normal"><time dateTime={p.date}>{p.date}</time></th>
                      {SERIES.map((s) => <td key={s.key} className="py-1 pr-3 text-right tabular-nums">{p[s.key] === null ? "no snapshot" : n(p[s.key])}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ChartNumbers>
          </div>
        )}
        <TimeToIndexPanel orgId={orgId} projectId={projectId} days={days} />
        <TimeToRemovalPanel orgId={orgId} projectId={projectId} days={days} />
      </section>
    </Card>
  );
}
