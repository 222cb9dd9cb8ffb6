"use client";

import { useState } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CauseChart } from "@/components/diagnosis/cause-chart";
import { DuplicateGroups } from "@/components/diagnosis/duplicate-groups";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { ENGINE_LABEL, type DiagnosisEngine } from "@/lib/diagnosis/causes";
import { diagnoseNow, diagnosisKeys, diagnosisQuery, type Diagnosis } from "@/lib/queries/diagnosis";

const n = (v: number) => v.toLocaleString("en-US");
const pct = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)} %` : "0 %");

/** Why pages are not indexed: the causes by section (bars), each cause with its URLs and its fix, then the duplicates. */
export function DiagnosisClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const [engine, setEngine] = useState<DiagnosisEngine>("engineA");
  const q = useQuery(diagnosisQuery(ref, engine));
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => diagnoseNow(ref, engine),
    onSuccess: (d) => {
      client.setQueryData(diagnosisKeys.project(ref, engine), d);
      void client.invalidateQueries({ queryKey: diagnosisKeys.all(ref) });
    },
  });
  return (
    <div className="space-y-8" data-testid="diagnosis-page">
      <section aria-labelledby="diagnosis-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="diagnosis-heading" className="text-lg font-semibold text-slate-900">Why not indexed</h2>
            <p className="max-w-3xl text-sm text-slate-600">
              Each page that {ENGINE_LABEL[engine]} does not index gets one cause: the first of an ordered list of checks that holds (our audit, the
              render, {ENGINE_LABEL[engine]}&apos;s own answer, internal links, crawler visits in your logs, content and sitemaps).
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Search engine" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
              {(["engineA", "engineB"] as const).map((e) => (
                <button key={e} type="button" aria-pressed={engine === e} onClick={() => setEngine(e)}
                  className={`rounded px-3 py-1.5 text-sm font-medium ${engine === e ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}>
                  {ENGINE_LABEL[e]}
                </button>
              ))}
            </div>
            <Button variant="secondary" onClick={() => run.mutate()} disabled={run.isPending}>{run.isPending ? "Diagnosing…" : "Diagnose now"}</Button>
          </div>
        </div>
        {run.isError && <ErrorAlert error={run.error} />}
      </section>
      {q.isPending ? <ListSkeleton label="Loading the diagnosis…" rows={4} />
        : q.isError ? <QueryError error={q.error} retry={q.refetch} />
        : <Causes d={q.data} projectId={projectId} />}
      <DuplicateGroups projectRef={ref} />
    </div>
  );
}

function Causes({ d, projectId }: { d: Diagnosis; projectId: string }) {
  const engine = ENGINE_LABEL[d.engine];
  if (!d.diagnosedAt) {
    return <EmptyState title="Not diagnosed yet">The diagnosis runs every hour once URLs are tracked; use Diagnose now to run it at once.</EmptyState>;
  }
  if (d.notIndexed === 0) {
    return <EmptyState title={`${engine} indexes every tracked URL`}>Nothing to explain as of <time dateTime={d.diagnosedAt}>{formatDateTime(d.diagnosedAt)}</time>.</EmptyState>;
  }
  const top = d.causes.reduce((a, b) => (b.urls > a.urls ? b : a));
  return (
    <>
      <Card>
        <p className="text-sm text-slate-800" data-testid="diagnosis-summary">
          <strong>{n(d.notIndexed)}</strong> tracked URLs are not indexed by {engine}; the most common cause is <strong>{top.label.toLowerCase()}</strong>{" "}
          ({pct(top.urls, d.notIndexed)}). Diagnosed <time dateTime={d.diagnosedAt}>{formatDateTime(d.diagnosedAt)}</time>.
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-label="Not indexed per section">
          {d.sections.slice(0, 6).map((s) => {
            const lead = d.causes.map((c) => ({ c, urls: c.bySection.find((b) => b.section === s.section)?.urls ?? 0 })).reduce((a, b) => (b.urls > a.urls ? b : a));
            return <li key={s.section}><span className="font-mono">{s.section}</span>: {n(s.notIndexed)} not indexed, {pct(lead.urls, s.notIndexed)} of them {lead.c.label.toLowerCase()}</li>;
          })}
        </ul>
      </Card>
      <CauseChart d={d} />
      <section aria-labelledby="causes-heading" className="space-y-3">
        <h2 id="causes-heading" className="text-lg font-semibold text-slate-900">Causes and fixes</h2>
        <ol className="space-y-3" data-testid="diagnosis-causes">
          {d.causes.map((c) => (
            <li key={c.cause} data-cause={c.cause}>
              <Card>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-base font-semibold text-slate-900">{c.label}</h3>
                  <Link href={`/projects/${projectId}/urls?cause=${c.cause}&causeEngine=${d.engine}`} className="text-sm font-medium text-brand-700 underline underline-offset-2">
                    See the {n(c.urls)} URL{c.urls === 1 ? "" : "s"}<span className="sr-only"> whose cause is {c.label.toLowerCase()}</span>
                  </Link>
                </div>
                <p className="mt-1 text-sm text-slate-700">{c.meaning}</p>
                <p className="mt-1 text-sm text-slate-900"><span className="font-semibold">Fix: </span>{c.fix}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {c.bySection.slice(0, 4).map((s) => `${s.section} ${n(s.urls)}`).join(" · ")}
                </p>
                {c.sampleUrls.length > 0 && (
                  <details className="mt-1 text-sm">
                    <summary className="cursor-pointer text-slate-800">Examples</summary>
                    <ul className="mt-1 space-y-0.5">{c.sampleUrls.map((u) => <li key={u} className="wrap-anywhere font-mono text-xs text-slate-700">{u}</li>)}</ul>
                  </details>
                )}
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
