"use client";

import { useId, useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartNumbers } from "@/components/ui/chart-numbers";
import { formatDate } from "@/components/ui/format";
import type { CrawlActivity } from "@/lib/queries/crawl";
import { count } from "./labels";
import { shortDate } from "@/components/ui/format";

type Point = { date: string; verified: number; unverified: number };

/** Every day of the window, summed over the chosen crawlers: verified hits beside spoofed ones. */
export function dailyPoints(activity: CrawlActivity, crawler: string | null): Point[] {
  const byDay = new Map<string, Point>();
  for (let d = new Date(`${activity.from}T00:00:00Z`); d <= new Date(`${activity.to}T00:00:00Z`); d = new Date(d.getTime() + 86_400_000)) {
    const key = d.toISOString().slice(0, 10);
    byDay.set(key, { date: key, verified: 0, unverified: 0 });
  }
  for (const r of activity.days) {
    if (crawler && r.crawler !== crawler) continue;
    const p = byDay.get(r.date);
    if (p) { p.verified += r.verifiedHits; p.unverified += r.unverifiedHits; }
  }
  return [...byDay.values()];
}

/** Crawler hits over time, verified against spoofed (claims a crawler, fails verification); the numbers also as a table. */
export function CrawlHitsChart({ activity, crawler, crawlerName }: { activity: CrawlActivity; crawler: string | null; crawlerName: string }) {
  const id = useId();
  const points = useMemo(() => dailyPoints(activity, crawler), [activity, crawler]);
  const withHits = points.filter((p) => p.verified + p.unverified > 0);
  return (
    <>
      <figure aria-labelledby={`${id}-caption`}>
        <div className="h-64 w-full" aria-hidden="true" data-testid="crawl-hits-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={28} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={48} />
              <Tooltip labelFormatter={(d) => formatDate(`${d}T00:00:00Z`)} formatter={(v) => count(Number(v))} />
              <Legend />
              <Bar dataKey="verified" name="Verified" stackId="hits" fill="#1d4ed8" isAnimationActive={false} />
              <Bar dataKey="unverified" name="Spoofed (failed verification)" stackId="hits" fill="#f59e0b" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <figcaption id={`${id}-caption`} className="sr-only">
          Daily hits of {crawlerName} from {formatDate(`${activity.from}T00:00:00Z`)} to {formatDate(`${activity.to}T00:00:00Z`)}, verified and spoofed; the days with hits are in the table below.
        </figcaption>
      </figure>
      <ChartNumbers id={`${id}-table`} regionLabel="Daily crawler hits">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Days with crawler hits, oldest first</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
              <th scope="col" className="py-1.5 pr-3">Date</th>
              <th scope="col" className="py-1.5 pr-3 text-right">Verified</th>
              <th scope="col" className="py-1.5 pr-3 text-right">Spoofed</th>
            </tr>
          </thead>
          <tbody>
            {withHits.map((p) => (
              <tr key={p.date} className="border-b border-slate-100">
                <td className="py-1.5 pr-3">{formatDate(`${p.date}T00:00:00Z`)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{count(p.verified)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{count(p.unverified)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartNumbers>
    </>
  );
}
