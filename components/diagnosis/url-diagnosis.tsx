"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { DIAGNOSIS_ENGINES, ENGINE_LABEL } from "@/lib/diagnosis/causes";
import { urlDiagnosisQuery } from "@/lib/queries/diagnosis";
import type { ProjectPath } from "@/lib/queries/urls";

const SOURCE_LABEL: Record<string, string> = {
  audit: "Our audit", render: "Render", engine: "Search engine", links: "Internal links", logs: "Server logs", content: "Content", sitemaps: "Sitemaps",
};

/** The URL panel's lead: why Google and Bing do not index the URL, with the evidence and the one fix (read with the panel's one request). */
export function UrlDiagnosis({ projectRef, urlId }: { projectRef: ProjectPath; urlId: string }) {
  const q = useQuery(urlDiagnosisQuery(projectRef, urlId));
  if (q.isError) return <ErrorAlert error={q.error} />;
  if (q.isPending) return <div role="status" aria-busy="true" className="h-16 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading why the URL is not indexed…</span></div>;
  return (
    <section aria-labelledby="url-diagnosis-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="url-diagnosis">
      <h3 id="url-diagnosis-heading" className="text-sm font-semibold">Why not indexed</h3>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        {DIAGNOSIS_ENGINES.map((engine) => {
          const d = q.data[engine];
          return (
            <div key={engine} data-engine={engine}>
              <p className="text-sm">
                <span className="font-medium text-slate-900">{ENGINE_LABEL[engine]}: </span>
                {d.indexed ? <Badge tone="success">Indexed</Badge> : <Badge tone="warning">{d.label}</Badge>}
              </p>
              {!d.indexed && (
                <>
                  <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                    {d.evidence.map((e, i) => (
                      <li key={i}>
                        <span className="text-slate-500">{SOURCE_LABEL[e.source] ?? e.source}: </span>{e.text}
                        {e.observedAt && <> (<time dateTime={e.observedAt}>{formatDateTime(e.observedAt)}</time>)</>}
                      </li>
                    ))}
                  </ul>
                  {d.fix && <p className="mt-1 text-sm text-slate-900"><span className="font-semibold">Fix: </span>{d.fix}</p>}
                </>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
