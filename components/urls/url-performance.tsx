"use client";

import { useId, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { PERFORMANCE_RANGES, urlPerformanceQuery, type PerformanceRange, type ProjectPath, type TrackedUrl } from "@/lib/queries/urls";
import { googleVerdictText } from "./search-labels";
import { percent, PerformanceChart } from "./url-performance-chart";

const RANGE_LABELS: Record<PerformanceRange, string> = { 28: "28 days", 90: "90 days", 480: "16 months" };
const count = (v: number) => v.toLocaleString("en-US");

/**
 * What Google Search shows of one URL: where Google's verdict comes from, the last 28 days' figures, and
 * the daily clicks and impressions over 28 days, 90 days or 16 months (a chart, and the same numbers as a table).
 */
export function UrlPerformance({ projectRef, url }: { projectRef: ProjectPath; url: TrackedUrl }) {
  const id = useId();
  const [days, setDays] = useState<PerformanceRange>(90);
  // Before the first pull (clicks28d null) there is nothing to chart: no request.
  const pulled = url.clicks28d !== null;
  const performance = useQuery({ ...urlPerformanceQuery(projectRef, url.id, days), enabled: pulled });
  const shown = performance.data?.filter((d) => d.impressions > 0) ?? [];

  return (
    <section aria-labelledby={`${id}-title`} data-testid="url-performance">
      <h3 id={`${id}-title`} className="text-sm font-semibold">Google Search performance</h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="google-verdict-provenance"><Provenance url={url} /></p>
      {pulled ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="url-performance-28d">
            <Figure label="Clicks (28 days)" value={count(url.clicks28d!)} />
            <Figure label="Impressions (28 days)" value={count(url.impressions28d ?? 0)} />
            <Figure label="CTR (28 days)" value={url.ctr28d === null || !url.impressions28d ? "—" : percent(url.ctr28d)} />
            <Figure label="Average position" value={url.position28d === null ? "—" : url.position28d.toFixed(1)} />
          </dl>
          <p className="mt-2 text-sm text-slate-700" data-testid="last-impression">
            {url.lastImpressionAt
              ? <>Last shown in Google&apos;s results on <time dateTime={url.lastImpressionAt}>{formatDate(url.lastImpressionAt)}</time>.</>
              : "Not shown in Google's results in the last 16 months."}
          </p>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              {performance.data && shown.length > 0
                ? `${count(sum(shown, "clicks"))} clicks and ${count(sum(shown, "impressions"))} impressions in the last ${RANGE_LABELS[days]}.`
                : `Daily clicks and impressions, last ${RANGE_LABELS[days]}.`}
            </p>
            <fieldset className="flex items-center gap-1" data-testid="performance-range">
              <legend className="sr-only">Range of the chart</legend>
              {PERFORMANCE_RANGES.map((r) => (
                <label key={r} className={`cursor-pointer rounded-md border px-2.5 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                  r === days ? "border-brand-600 bg-brand-50 font-medium text-brand-800" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}>
                  <input type="radio" name={`${id}-range`} value={r} checked={r === days} onChange={() => setDays(r)} className="sr-only" />
                  {RANGE_LABELS[r]}
                </label>
              ))}
            </fieldset>
          </div>
        </>
      ) : null}
      {!pulled ? (
        <Empty>No Search Analytics data yet: it is pulled daily once Google Search Console is connected.</Empty>
      ) : performance.isPending ? (
        <div role="status" aria-busy="true" className="mt-3 h-56 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading the daily clicks and impressions…</span></div>
      ) : performance.isError ? (
        <ErrorAlert error={performance.error} className="mt-3" />
      ) : shown.length === 0 ? (
        <Empty>Google did not show this page in its search results in the last {RANGE_LABELS[days]}.</Empty>
      ) : (
        <div aria-busy={performance.isPlaceholderData || undefined} className={performance.isPlaceholderData ? "opacity-60" : undefined}>
          <PerformanceChart days={performance.data} shown={shown} rangeLabel={RANGE_LABELS[days]} />
        </div>
      )}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="mt-3 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="performance-empty">{children}</p>;
}

const sum = (days: { clicks: number; impressions: number }[], key: "clicks" | "impressions") => days.reduce((n, d) => n + d[key], 0);

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-md border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/** Where Google's verdict comes from: a URL inspection's answer, or a day the page was shown in the results. */
function Provenance({ url }: { url: TrackedUrl }) {
  const at = url.engineAObservedAt;
  const verdict = googleVerdictText(url.engineAState);
  if (url.engineAStateSource === "search_analytics" && at) {
    return <>{verdict} — shown in search results on <time dateTime={at}>{formatDate(at)}</time> (Search Analytics).</>;
  }
  if (url.engineAStateSource === "inspection" && at) {
    return <>{verdict} — from a URL inspection on <time dateTime={at}>{formatDateTime(at)}</time>.</>;
  }
  if (url.engineAState === "unknown") return <>No verdict from Google yet: neither a URL inspection nor Search Analytics has reported on this page.</>;
  return <>{verdict}{at ? <> — observed on <time dateTime={at}>{formatDateTime(at)}</time></> : null}.</>;
}
