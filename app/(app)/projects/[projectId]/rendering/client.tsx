"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DIFFERENCE_LABELS, USE_LABELS } from "@/components/rendering/labels";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import type { DifferenceKind } from "@/lib/rendering/compare";
import { aiAccessQuery, renderingKeys, renderingQuery, saveRendering, type AiAccess, type Rendering } from "@/lib/queries/rendering";

const pct = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)} %`);

export function RenderingClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const q = useQuery(renderingQuery(ref));
  const ai = useQuery(aiAccessQuery(ref));
  if (q.isPending) return <ListSkeleton label="Loading rendering…" rows={3} />;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  const r = q.data;
  return (
    <div className="space-y-8" data-testid="rendering-page">
      <section aria-labelledby="renderer-heading" className="space-y-3">
        <h2 id="renderer-heading" className="text-lg font-semibold text-slate-900">Rendering</h2>
        <p className="max-w-3xl text-sm text-slate-600">
          Google renders pages in a recent Chromium before indexing them; AI crawlers read the raw HTML only. We render pages in headless Chromium and
          compare: a noindex or canonical set by a script, a title written after load, text that exists only once rendered. A render costs {r.price} credits.
        </p>
        <Card>
          <p className="text-sm" data-testid="renderer-state">
            Renderer:{" "}
            {r.renderer.available ? (
              <><Badge tone="success">Available</Badge> {r.renderer.mode === "remote" ? "remote browser server" : "local Chromium"}, {r.renderer.poolSize} at once</>
            ) : (
              <><Badge tone="warning">Unavailable</Badge> {r.renderer.reason ?? "no browser on this server"}. Rendering is off; everything else works.</>
            )}
          </p>
        </Card>
      </section>

      <AiView r={r} ai={ai.data} aiError={ai.error} />
      <Breakdown r={r} />
      <Recent r={r} projectId={projectId} />
      <SampleSettings r={r} projectRef={ref} />
    </div>
  );
}

function AiView({ r, ai, aiError }: { r: Rendering; ai: AiAccess | undefined; aiError: unknown }) {
  return (
    <section aria-labelledby="ai-heading" className="space-y-3">
      <h2 id="ai-heading" className="text-lg font-semibold text-slate-900">What AI crawlers see</h2>
      <Card>
        <p className="text-sm text-slate-800" data-testid="ai-view">
          {r.aiView.sampled === 0
            ? "No page has been rendered yet: render pages (Render now on a URL, or the weekly sample) to see what crawlers that do not run JavaScript read."
            : <>GPTBot, ClaudeBot and PerplexityBot see less than a fifth of the text on <strong>{pct(r.aiView.share)}</strong> of sampled pages ({r.aiView.pagesUnderFifth} of {r.aiView.sampled}).</>}
        </p>
      </Card>
      {aiError ? <ErrorAlert error={aiError} /> : ai ? (
        <Card>
          <div className="space-y-3">
            <table className="w-full text-left text-sm" data-testid="ai-uses">
              <caption className="mb-2 text-left font-semibold text-slate-900">What the site allows, per AI use</caption>
              <thead><tr className="border-b border-slate-200 text-slate-600"><th scope="col" className="py-1 pr-3 font-medium">Use</th><th scope="col" className="py-1 pr-3 font-medium">robots.txt</th><th scope="col" className="py-1 pr-3 font-medium">Content-Signal</th><th scope="col" className="py-1 font-medium">Verdict</th></tr></thead>
              <tbody>
                {ai.uses.map((u) => (
                  <tr key={u.use} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-3 font-medium text-slate-800">{USE_LABELS[u.use]}</th>
                    <td className="py-1 pr-3 text-slate-700">{u.crawlersAllowed} allowed, {u.crawlersBlocked} blocked</td>
                    <td className="py-1 pr-3 text-slate-700">{u.contentSignal ?? "not stated"}</td>
                    <td className="py-1"><Badge tone={u.verdict === "allowed" ? "success" : u.verdict === "blocked" ? "danger" : "warning"}>{u.verdict}</Badge></td>
                  </tr>
                ))}
              </tbody>
            </table>
            <details className="text-sm">
              <summary className="cursor-pointer text-slate-800">Per crawler ({ai.crawlers.length})</summary>
              <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                {ai.crawlers.map((c) => <li key={c.token} className="text-slate-700">{c.token} ({c.operator}, {USE_LABELS[c.use]}): {c.allowed === null ? "unknown" : c.allowed ? "allowed" : "blocked"}</li>)}
              </ul>
            </details>
            <p className="text-sm text-slate-700">
              Google-Extended: {ai.googleExtended === null ? "unknown" : ai.googleExtended ? "allowed" : "blocked"} · llms.txt: {ai.llmsTxt.present ? "present" : "absent"} ·
              Snippet controls on {ai.snippets.sampled} rendered pages: nosnippet {ai.snippets.nosnippet}, max-snippet {ai.snippets.maxSnippet}, data-nosnippet {ai.snippets.dataNosnippet}
            </p>
          </div>
        </Card>
      ) : <ListSkeleton label="Reading robots.txt…" rows={1} />}
    </section>
  );
}

function Breakdown({ r }: { r: Rendering }) {
  const kinds = Object.entries(r.differencesByKind).sort((a, b) => b[1] - a[1]);
  return (
    <section aria-labelledby="diff-heading" className="space-y-3">
      <h2 id="diff-heading" className="text-lg font-semibold text-slate-900">Differences</h2>
      <p className="text-sm text-slate-600">{r.sampled} {r.sampled === 1 ? "page" : "pages"} rendered{r.failed ? `, ${r.failed} failed` : ""}; the latest render of each counts.</p>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <table className="w-full text-left text-sm" data-testid="differences-by-kind">
            <caption className="mb-2 text-left font-semibold text-slate-900">By kind</caption>
            <tbody>
              {kinds.length === 0 ? <tr><td className="text-slate-600">No differences found.</td></tr> : kinds.map(([k, n]) => (
                <tr key={k} className="border-b border-slate-100"><th scope="row" className="py-1 pr-3 font-medium text-slate-800">{DIFFERENCE_LABELS[k as DifferenceKind] ?? k}</th><td className="py-1 text-right">{n}</td></tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card>
          <table className="w-full text-left text-sm" data-testid="differences-by-section">
            <caption className="mb-2 text-left font-semibold text-slate-900">By section</caption>
            <thead><tr className="border-b border-slate-200 text-slate-600"><th scope="col" className="py-1 pr-3 font-medium">Section</th><th scope="col" className="py-1 pr-3 text-right font-medium">Rendered</th><th scope="col" className="py-1 pr-3 text-right font-medium">With differences</th><th scope="col" className="py-1 text-right font-medium">Under a fifth</th></tr></thead>
            <tbody>
              {r.bySection.map((s) => (
                <tr key={s.section} className="border-b border-slate-100"><th scope="row" className="py-1 pr-3 font-mono font-normal">{s.section}</th><td className="py-1 pr-3 text-right">{s.rendered}</td><td className="py-1 pr-3 text-right">{s.withDifferences}</td><td className="py-1 text-right">{s.underFifth}</td></tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </section>
  );
}

function Recent({ r, projectId }: { r: Rendering; projectId: string }) {
  if (r.recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading" className="space-y-3">
      <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">Latest renders</h2>
      <Card>
        <ul className="divide-y divide-slate-100 text-sm" data-testid="recent-renders">
          {r.recent.map((x) => (
            <li key={x.urlId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
              <a href={`/projects/${projectId}/urls?url=${encodeURIComponent(x.urlId)}`} className="wrap-anywhere font-mono text-brand-700 underline-offset-2 hover:underline">{x.url}</a>
              <Badge tone={x.status === "rendered" ? (x.differences ? "warning" : "success") : "danger"}>{x.status === "failed" ? "failed" : x.differences ? `${x.differences} differences` : "same"}</Badge>
              <span className="text-slate-600">raw text {x.textRatio === null ? "—" : pct(x.textRatio)} · <time dateTime={x.renderedAt}>{formatDateTime(x.renderedAt)}</time></span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

function SampleSettings({ r, projectRef }: { r: Rendering; projectRef: { orgId: string; projectId: string } }) {
  const queryClient = useQueryClient();
  const [perSection, setPerSection] = useState(String(r.samplePerSection));
  const [cadence, setCadence] = useState(r.cadence);
  const save = useMutation({
    mutationFn: () => saveRendering(projectRef, { samplePerSection: Number(perSection), cadence }),
    onSuccess: (next) => queryClient.setQueryData(renderingKeys.overview(projectRef), next),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <section aria-labelledby="sample-heading" className="space-y-3">
      <h2 id="sample-heading" className="text-lg font-semibold text-slate-900">Weekly sample</h2>
      <Card>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-4 text-sm">
          <label className="flex flex-col gap-1">
            <span className="font-medium text-slate-800">Pages per section</span>
            <input type="number" min={0} max={100} value={perSection} onChange={(e) => setPerSection(e.target.value)} className="w-24 rounded-md border border-slate-300 px-2 py-1.5" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium text-slate-800">Cadence</span>
            <select value={cadence} onChange={(e) => setCadence(e.target.value as "weekly" | "off")} className="rounded-md border border-slate-300 px-2 py-1.5">
              <option value="weekly">Weekly</option>
              <option value="off">Off</option>
            </select>
          </label>
          <Button type="submit" variant="secondary" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save"}</Button>
          {save.isSuccess && <p role="status" className="text-emerald-800">Saved.</p>}
        </form>
        <p className="mt-3 text-xs text-slate-600">
          Each week, for projects with automated inspections on, the highest-priority and most-clicked pages of each first path segment (at most 100)
          are rendered at {r.price} credits each, while the balance pays.{r.lastSampleAt ? ` Last sample: ${formatDateTime(r.lastSampleAt)}.` : ""}
        </p>
        {save.isError && <ErrorAlert error={save.error} className="mt-2" />}
      </Card>
    </section>
  );
}
