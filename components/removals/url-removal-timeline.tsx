"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import { urlRemovalsQuery, type RemovalUrl } from "@/lib/queries/removals";
import type { ProjectPath } from "@/lib/queries/urls";
import { days, INTENT_LABELS, STATE_LABELS } from "./labels";

/** The URL detail's removal timeline: each removal the URL was part of, declared → confirmed by site → removed per engine. Nothing when none. */
export function UrlRemovalTimeline({ projectRef, urlId }: { projectRef: ProjectPath; urlId: string }) {
  const q = useQuery(urlRemovalsQuery(projectRef, urlId));
  if (!q.data?.length) return null;
  return (
    <section aria-labelledby={`removals-${urlId}`} className="space-y-2">
      <h3 id={`removals-${urlId}`} className="text-sm font-semibold text-slate-900">Removal</h3>
      {q.data.map((r) => <Timeline key={r.id} r={r} />)}
    </section>
  );
}

function Timeline({ r }: { r: RemovalUrl }) {
  const steps: [string, string | null, string?][] = [
    [`Declared ${INTENT_LABELS[r.intent]?.label.toLowerCase() ?? r.intent}`, r.declaredAt],
    ["Confirmed by our audit", r.confirmedBySiteAt, r.site.reason ?? undefined],
    ["Removed by Google", r.engines.engineA.removedAt, r.engines.engineA.daysToRemoval !== null ? `after ${days(r.engines.engineA.daysToRemoval)}` : undefined],
    ["Removed by Bing", r.engines.engineB.removedAt, r.engines.engineB.daysToRemoval !== null ? `after ${days(r.engines.engineB.daysToRemoval)}` : undefined],
    ...(r.stuckAt ? [["Stuck", r.stuckAt, r.site.reason ?? undefined] as [string, string, string?]] : []),
    ...(r.cancelledAt ? [["Cancelled", r.cancelledAt, r.cancelledBecause === "relisted" ? "the sitemap lists it again" : undefined] as [string, string, string?]] : []),
  ];
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <p className="mb-2 text-sm"><Badge tone={STATE_LABELS[r.state].tone}>{STATE_LABELS[r.state].label}</Badge></p>
      <ol className="space-y-1 text-sm">
        {steps.map(([label, at, note]) => (
          <li key={label} className={at ? "text-slate-800" : "text-slate-500"}>
            <span aria-hidden="true">{at ? "●" : "○"} </span>
            {label}: {at ? <time dateTime={at}>{formatDate(at)}</time> : "not yet"}
            {at && note ? <span className="text-slate-600"> ({note})</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
