"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { TimeToIndex } from "@/lib/metrics/schemas";
import { indexingMetricsQuery, type TrendRange } from "@/lib/queries/trends";

const ENGINES = [["any", "Google or Bing"], ["engineA", "Google"], ["engineB", "Bing"]] as const;
const TOP_PREFIXES = 5;

/** Hours as a reader wants them: under two days in hours, else in days. */
export function duration(hours: number | null): string {
  if (hours === null) return "—";
  if (hours > 0 && hours < 1) return "< 1 h";
  return hours < 48 ? `${Math.round(hours)} h` : `${(hours / 24).toFixed(1)} days`;
}
const pct = (share: number) => `${Math.round(share * 100)}%`;

/** What the table's counts are, beside the live counters: ever indexed (not indexed now), and the URLs outside the percentiles. */
export function timeToIndexNote(alreadyIndexed: number): string {
  const ever = "“Ever indexed” counts the URLs an engine has said indexed at least once, pages dropped since included, so it can exceed the live Indexed counter.";
  if (alreadyIndexed === 0) return ever;
  const n = alreadyIndexed.toLocaleString("en-US");
  return `${ever} ${n} ${alreadyIndexed === 1 ? "URL was" : "URLs were"} already indexed when we first saw ${alreadyIndexed === 1 ? "it" : "them"}: `
    + "left out of the median and the 90th percentile, which measure how long indexing takes.";
}

/** Time to index: from first seen by us to first indexed, per engine, and by the first directory of the path. */
export function TimeToIndexPanel({ orgId, projectId, days }: { orgId: string; projectId: string; days: TrendRange }) {
  const total = useQuery(indexingMetricsQuery(orgId, projectId, days, "none"));
  const prefixes = useQuery(indexingMetricsQuery(orgId, projectId, days, "pathPrefix"));
  const overall = total.data?.groups[0]?.engines;

  return (
    <section aria-labelledby="tti-title" className="mt-6 border-t border-slate-100 pt-4" data-testid="time-to-index">
      <h3 id="tti-title" className="text-base font-semibold">Time to index</h3>
      <p className="text-sm text-slate-600">For the URLs first seen in the last {days} days: how long until Google and Bing first said indexed; &ldquo;Google or Bing&rdquo; counts whichever said it first.</p>
      {total.isPending ? (
        <div role="status" aria-busy="true" className="mt-3 h-24 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading time to index…</span></div>
      ) : total.isError ? (
        <ErrorAlert error={total.error} className="mt-3" />
      ) : !overall || overall.any.urls === 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="time-to-index-empty">No URL was first seen in this range.</p>
      ) : (
        <>
          <MetricsTable caption="Time to index on Google and on Bing" rows={ENGINES.map(([key, label]) => [label, overall[key]])} />
          <p className="mt-2 text-xs text-slate-600" data-testid="time-to-index-note">{timeToIndexNote(overall.any.alreadyIndexed)}</p>
          {prefixes.data && prefixes.data.groups.length > 1 && (
            <MetricsTable
              caption={`Google or Bing, by path (the ${Math.min(TOP_PREFIXES, prefixes.data.groups.length)} largest sections)`}
              rows={prefixes.data.groups.slice(0, TOP_PREFIXES).map((g) => [<code key={g.group}>{g.group}</code>, g.engines.any])}
            />
          )}
        </>
      )}
    </section>
  );
}

function MetricsTable({ caption, rows }: { caption: string; rows: [ReactNode, TimeToIndex][] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-1 text-left text-xs font-medium uppercase tracking-wide text-slate-600">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600">
            <th scope="col" className="py-1.5 pr-3 font-medium"><span className="sr-only">Scope</span></th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">URLs</th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">Ever indexed</th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">Median</th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">90th percentile</th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">Within 7 days</th>
            <th scope="col" className="py-1.5 text-right font-medium">Within 30 days</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, m], i) => (
            <tr key={i} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">{label}</th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{m.urls.toLocaleString("en")}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{m.indexed.toLocaleString("en")}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{duration(m.medianHours)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{duration(m.p90Hours)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{pct(m.within7d)}</td>
              <td className="py-1.5 text-right tabular-nums">{pct(m.within30d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
