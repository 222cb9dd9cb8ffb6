"use client";

import { useId, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartNumbers } from "@/components/ui/chart-numbers";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { urlCrawlQuery } from "@/lib/queries/crawl";
import type { ProjectPath, TrackedUrl } from "@/lib/queries/urls";
import { count, duration, REACTION_TRIGGERS } from "./labels";
import { shortDate } from "@/components/ui/format";

const DAYS = 90;
const COLORS = ["#1d4ed8", "#0f766e", "#7e22ce", "#b45309", "#be123c", "#4d7c0f", "#475569"];

/** The URL's verified crawler fetches per day and crawler over 90 days, beside its engine history in the URL detail. */
export function UrlCrawlTimeline({ projectRef, url }: { projectRef: ProjectPath; url: TrackedUrl }) {
  const id = useId();
  const q = useQuery(urlCrawlQuery(projectRef, url.id, DAYS));
  const { points, names } = useMemo(() => {
    const names = [...new Set((q.data ?? []).map((r) => r.name))];
    const byDay = new Map<string, Record<string, number | string>>();
    // The window ends on the day the data was fetched (render stays pure).
    const start = q.dataUpdatedAt - (DAYS - 1) * 86_400_000;
    for (let i = 0; i < DAYS; i++) {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      byDay.set(date, { date, ...Object.fromEntries(names.map((n) => [n, 0])) });
    }
    for (const r of q.data ?? []) { const p = byDay.get(r.date); if (p) p[r.name] = (p[r.name] as number) + r.hits; }
    return { points: [...byDay.values()], names };
  }, [q.data, q.dataUpdatedAt]);
  // The engines' reactions to what was asked of them, newest first.
  const reactions = useMemo(() => (q.data ?? []).flatMap((d) => d.reactions.map((r) => ({ ...r, date: d.date, name: d.name })))
    .sort((a, b) => b.fetchedAt.localeCompare(a.fetchedAt)), [q.data]);

  return (
    <section aria-labelledby={`${id}-title`} data-testid="url-crawl-timeline">
      <h3 id={`${id}-title`} className="text-sm font-semibold">Crawler visits</h3>
      <p className="mt-1 text-sm text-slate-700">
        Last verified Googlebot fetch: {url.lastGooglebotFetchAt ? <time dateTime={url.lastGooglebotFetchAt}>{formatDateTime(url.lastGooglebotFetchAt)}</time> : "none in the logs"};
        {" "}Bingbot: {url.lastBingbotFetchAt ? <time dateTime={url.lastBingbotFetchAt}>{formatDateTime(url.lastBingbotFetchAt)}</time> : "none"};
        {" "}{count(url.crawlerHits30d ?? 0)} verified crawler fetches in 30 days.
      </p>
      {q.isError ? <ErrorAlert error={q.error} className="mt-3" />
        : q.isPending ? <div role="status" aria-busy="true" className="mt-3 h-40 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading crawler visits…</span></div>
        : !q.data.length ? (
          <p className="mt-3 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            No verified crawler fetched this URL in the last {DAYS} days of uploaded or pushed server logs.
          </p>
        ) : (
          <>
            {reactions.length > 0 && (
              <div className="mt-3">
                <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Engine reactions</h4>
                <ul className="mt-1 space-y-1 text-sm text-slate-800" data-testid="crawl-reactions">
                  {reactions.map((r) => (
                    <li key={`${r.trigger}-${r.triggeredAt}-${r.name}`}>
                      <span className="font-medium">{r.name}</span> fetched it {r.approximate ? "at most " : ""}{duration(r.hours)} after {REACTION_TRIGGERS[r.trigger]}
                      {" "}(<time dateTime={r.triggeredAt}>{formatDateTime(r.triggeredAt)}</time>)
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="mt-3 h-40 w-full" aria-hidden="true">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="date" tickFormatter={shortDate} minTickGap={28} fontSize={12} />
                  <YAxis allowDecimals={false} fontSize={12} width={36} />
                  <Tooltip labelFormatter={(d) => formatDate(`${d}T00:00:00Z`)} />
                  <Legend />
                  {names.map((n, i) => <Bar key={n} dataKey={n} stackId="c" fill={COLORS[i % COLORS.length]} isAnimationActive={false} />)}
                  {[...new Set(reactions.map((r) => r.date))].map((d) => (
                    <ReferenceLine key={d} x={d} stroke="#b45309" strokeDasharray="4 3" label={{ value: "reaction", position: "top", fontSize: 10, fill: "#92400e" }} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
            <ChartNumbers id={`${id}-table`} regionLabel="Crawler visits per day">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Verified crawler fetches of this URL per day, oldest first</caption>
                <thead><tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
                  <th scope="col" className="py-1.5 pr-3">Date</th><th scope="col" className="py-1.5 pr-3">Crawler</th>
                  <th scope="col" className="py-1.5 pr-3 text-right">Fetches</th><th scope="col" className="py-1.5 pr-3 text-right">Errors (4xx/5xx)</th>
                  <th scope="col" className="py-1.5 pr-3">Reaction to</th>
                </tr></thead>
                <tbody>
                  {q.data.map((r) => (
                    <tr key={`${r.date}-${r.crawler}`} className="border-b border-slate-100">
                      <td className="py-1.5 pr-3">{formatDate(`${r.date}T00:00:00Z`)}</td><td className="py-1.5 pr-3">{r.name}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{count(r.hits)}</td>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{count(r.status4xx + r.status5xx)}</td>
                      <td className="py-1.5 pr-3">{r.reactions.map((x) => `${x.trigger === "indexnow" ? "IndexNow" : "check again"} (${x.approximate ? "≤ " : ""}${duration(x.hours)})`).join(", ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ChartNumbers>
          </>
        )}
    </section>
  );
}
