"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { TimeToRemoval } from "@/lib/metrics/schemas";
import { indexingMetricsQuery, type TrendRange } from "@/lib/queries/trends";
import { projectHref } from "@/components/projects/project-paths";
import { useReadOnly } from "../read-only";
import { duration } from "./time-to-index-panel";

const ENGINES = [["engineA", "Google"], ["engineB", "Bing"], ["all", "Removed everywhere"]] as const;

/** Time to removal, beside time to index: from a removal's declaration to each engine's drop, over the drops of the range. */
export function TimeToRemovalPanel({ orgId, projectId, days }: { orgId: string; projectId: string; days: TrendRange }) {
  const q = useQuery(indexingMetricsQuery(orgId, projectId, days, "none"));
  // At a share link the client has no Removals page: the text does not send them to one.
  const readOnly = useReadOnly();
  const r = q.data?.timeToRemoval;
  const any = r && (r.all.removed + r.engineA.removed + r.engineB.removed + r.following > 0);
  return (
    <section aria-labelledby="ttr-title" className="mt-6 border-t border-slate-100 pt-4" data-testid="time-to-removal">
      <h3 id="ttr-title" className="text-base font-semibold">Time to removal</h3>
      <p className="text-sm text-slate-600">
        For the URLs {readOnly ? "the site's team declared removed" : <>of removals (declared on the <Link href={projectHref(projectId, "removals")} className="text-brand-700 underline underline-offset-2">Removals</Link> page)</>}{" "}
        dropped in the last {days} days: how long from the declaration until Google and Bing
        no longer indexed them; &ldquo;removed everywhere&rdquo; waits for every connected engine.
      </p>
      {q.isPending ? (
        <div role="status" aria-busy="true" className="mt-3 h-16 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading time to removal…</span></div>
      ) : q.isError ? (
        <ErrorAlert error={q.error} className="mt-3" />
      ) : !r || !any ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="time-to-removal-empty">No removal is followed, and none was dropped in this range.</p>
      ) : (
        <>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="pb-1 text-left text-xs font-medium uppercase tracking-wide text-slate-600">Time to removal on Google and on Bing</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600">
                  <th scope="col" className="py-1.5 pr-3 font-medium"><span className="sr-only">Engine</span></th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-medium">URLs dropped</th>
                  <th scope="col" className="py-1.5 pr-3 text-right font-medium">Median</th>
                  <th scope="col" className="py-1.5 text-right font-medium">90th percentile</th>
                </tr>
              </thead>
              <tbody>
                {ENGINES.map(([key, label]) => <Row key={key} label={label} m={r[key]} />)}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-sm text-slate-700" data-testid="time-to-removal-following">
            {r.following.toLocaleString("en")} URL{r.following === 1 ? "" : "s"} of removals still followed
            {r.stuck > 0 && <>, <span className="font-medium text-red-700">{r.stuck.toLocaleString("en")} stuck</span></>}.
          </p>
        </>
      )}
    </section>
  );
}

function Row({ label, m }: { label: string; m: TimeToRemoval }) {
  return (
    <tr className="border-b border-slate-100">
      <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">{label}</th>
      <td className="py-1.5 pr-3 text-right tabular-nums">{m.removed.toLocaleString("en")}</td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{duration(m.medianHours)}</td>
      <td className="py-1.5 text-right tabular-nums">{duration(m.p90Hours)}</td>
    </tr>
  );
}
