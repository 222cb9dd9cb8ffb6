"use client";

import { ChartNumbers } from "@/components/ui/chart-numbers";
import { useId } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate, shortDate } from "@/components/ui/format";
import type { PerformanceDay } from "@/lib/queries/urls";

// Clicks and impressions differ by orders of magnitude: each has its own axis (clicks left, impressions right).
const SERIES = [
  { key: "clicks", label: "Clicks", color: "#1d4ed8", axis: "left" },
  { key: "impressions", label: "Impressions", color: "#7e22ce", axis: "right" },
] as const;

const count = (v: number) => v.toLocaleString("en-US");
const longDate = (d: string) => formatDate(`${d}T00:00:00Z`);
/** The console reports a day two or three days late: trailing days without impressions are not known yet (a gap, not zero). */
const LAG_DAYS = 3;
export function chartPoints(days: PerformanceDay[]) {
  let known = days.length;
  while (known > Math.max(0, days.length - LAG_DAYS) && days[known - 1].impressions === 0) known--;
  return days.map((d, i) => (i < known ? d : { ...d, clicks: null, impressions: null }));
}

/** A click-through rate as a percentage: 0.0523 → "5.2%". */
export const percent = (ctr: number) => `${(ctr * 100).toFixed(1)}%`;

/**
 * Every day of the range as two lines (a day without impressions is a zero, but for the last days the console
 * has not reported yet), and the days with impressions as a table, which screen readers read instead of the chart.
 */
export function PerformanceChart({ days, shown, rangeLabel }: { days: PerformanceDay[]; shown: PerformanceDay[]; rangeLabel: string }) {
  const id = useId();
  return (
    <>
      <figure className="mt-3" aria-labelledby={`${id}-caption`}>
        <div className="h-56 w-full" aria-hidden="true" data-testid="performance-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={chartPoints(days)} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={28} fontSize={12} />
              <YAxis yAxisId="left" allowDecimals={false} fontSize={12} width={44} stroke={SERIES[0].color} />
              <YAxis yAxisId="right" orientation="right" allowDecimals={false} fontSize={12} width={52} stroke={SERIES[1].color} />
              <Tooltip labelFormatter={(d) => longDate(String(d))} formatter={(v) => count(Number(v))} />
              <Legend />
              {SERIES.map((s) => (
                <Line key={s.key} yAxisId={s.axis} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2}
                  dot={days.length <= 28} connectNulls={false} isAnimationActive={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <figcaption id={`${id}-caption`} className="sr-only">
          Google Search clicks and impressions of this page per day over the last {rangeLabel}; the days with impressions are in the table below.
        </figcaption>
      </figure>
      <ChartNumbers id={`${id}-table`} regionLabel="Daily clicks and impressions">
        <table className="w-full text-left text-sm" data-testid="performance-table">
          <caption className="sr-only">Days with impressions in Google Search, oldest first; every other day of the range had none</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
              <th scope="col" className="py-1.5 pr-3">Date</th>
              <th scope="col" className="py-1.5 pr-3 text-right">Clicks</th>
              <th scope="col" className="py-1.5 pr-3 text-right">Impressions</th>
              <th scope="col" className="py-1.5 pr-3 text-right">CTR</th>
              <th scope="col" className="py-1.5 pr-3 text-right">Average position</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((d) => (
              <tr key={d.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal"><time dateTime={d.date}>{longDate(d.date)}</time></th>
                <td className="py-1 pr-3 text-right tabular-nums">{count(d.clicks)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{count(d.impressions)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{percent(d.ctr)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{d.position === null ? "—" : d.position.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartNumbers>
    </>
  );
}
