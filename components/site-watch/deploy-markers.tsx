"use client";

import { formatDateTime } from "@/components/ui/format";
import type { Deploy } from "@/lib/queries/site-changes";

/** Recent deploys as a timeline of markers. */
export function DeployMarkers({ deploys, total }: { deploys: Deploy[]; total: number }) {
  if (!deploys.length) {
    return (
      <p className="text-sm text-slate-600">
        No deploy recorded. Send one from your deploy pipeline (<span className="font-mono">POST …/deploys</span> with an API key, or the deploy hook with its own token):
        the sentinels run at once, and site changes name the deploy before them.
      </p>
    );
  }
  return (
    <ol className="relative space-y-3 border-l border-slate-200 pl-4" aria-label="Deploys">
      {deploys.map((d) => (
        <li key={d.id} className="text-sm" data-testid="deploy-marker">
          <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border-2 border-white bg-brand-600" aria-hidden />
          <p className="text-slate-900">
            {formatDateTime(d.at)}{d.ref ? <> · <span className="font-mono">{d.ref}</span></> : null}{" "}
            <span className="text-slate-500">({d.source === "hook" ? "deploy hook" : "API"})</span>
          </p>
          {d.description && <p className="text-slate-600">{d.description}</p>}
        </li>
      ))}
      {total > deploys.length && <li className="text-sm text-slate-500">and {total - deploys.length} earlier deploys</li>}
    </ol>
  );
}
