"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { issueTitle } from "@/lib/issues/issue-types";
import type { IssueType } from "@/lib/db";
import { urlRenderQuery, type UrlRender } from "@/lib/queries/rendering";
import type { ProjectPath } from "@/lib/queries/urls";
import { DIFFERENCE_LABELS, formatChars } from "./labels";
import { RenderNow } from "./render-now";

type Facts = NonNullable<UrlRender["raw"]>;
type Value = UrlRender["differences"][number]["raw"];

const show = (v: Value | undefined): string => {
  if (v === null || v === undefined || v === "") return "—";
  if (Array.isArray(v)) return v.length ? v.join(", ") : "—";
  if (typeof v === "boolean") return v ? "yes" : "no";
  return typeof v === "number" ? v.toLocaleString("en-US") : v;
};

const FIELDS: { label: string; of: (f: Facts) => Value }[] = [
  { label: "Meta robots", of: (f) => f.metaRobots.join(", ") || null },
  { label: "Canonical", of: (f) => f.canonical },
  { label: "Title", of: (f) => f.title },
  { label: "Meta description", of: (f) => f.metaDescription },
  { label: "First H1", of: (f) => f.h1 },
  { label: "hreflang", of: (f) => f.hreflang.map((h) => `${h.lang} → ${h.href}`) },
  { label: "Structured data", of: (f) => f.structuredDataTypes },
  { label: "Internal links", of: (f) => f.internalLinks },
  { label: "Visible text", of: (f) => f.textLength },
];

/**
 * The URL detail's "Raw vs rendered": what the HTML as served says beside what the page shows once Chromium ran its
 * scripts, the differences first, the text bars (what crawlers that do not run JavaScript read), the screenshot,
 * and "Render now" with its price.
 */
export function RawVsRendered({ projectRef, urlId }: { projectRef: ProjectPath; urlId: string }) {
  const render = useQuery(urlRenderQuery(projectRef, urlId));
  return (
    <section aria-labelledby="raw-rendered-heading" className="space-y-3" data-testid="raw-vs-rendered">
      <h3 id="raw-rendered-heading" className="text-sm font-semibold">Raw vs rendered</h3>
      <RenderNow projectRef={projectRef} urlId={urlId} />
      {render.isPending ? (
        <div className="h-16 animate-pulse rounded bg-slate-100" />
      ) : render.isError ? (
        <ErrorAlert error={render.error} />
      ) : render.data === null ? (
        <p className="text-sm text-slate-600">This page has not been rendered yet.</p>
      ) : (
        <RenderBody r={render.data} />
      )}
    </section>
  );
}

function RenderBody({ r }: { r: UrlRender }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700" data-testid="render-summary">
        <Badge tone={r.status === "rendered" ? "success" : "danger"}>{r.status === "rendered" ? "Rendered" : "Render failed"}</Badge>{" "}
        <time dateTime={r.renderedAt}>{formatDateTime(r.renderedAt)}</time> in {(r.durationMs / 1000).toFixed(1)} s
        {r.httpStatus !== null ? ` · HTTP ${r.httpStatus}` : ""} · {r.requestCount} requests
      </p>
      {r.failureReason && <p role="note" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{r.failureReason}</p>}
      {!r.googleRenders && r.raw?.noindex && (
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The raw HTML says noindex: Google does not render such a page, so nothing a script changes (even removing the noindex) counts for Google.
        </p>
      )}
      {r.issues.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Issues this render shows">
          {r.issues.map((t) => <li key={t}><Badge tone="warning">{issueTitle(t as IssueType)}</Badge></li>)}
        </ul>
      )}
      <Differences r={r} />
      {r.raw && r.rendered && <TextBars raw={r.raw.textLength} rendered={r.rendered.textLength} />}
      {r.raw && <SideBySide raw={r.raw} rendered={r.rendered} />}
      {r.screenshotUrl && (
        <figure className="space-y-1">
          {/* eslint-disable-next-line @next/next/no-img-element -- a private, per-render JPEG behind the session */}
          <img src={`${r.screenshotUrl}?at=${encodeURIComponent(r.renderedAt)}`} alt={`The top of the rendered page ${r.url}`} width={400} className="max-w-full rounded border border-slate-200" />
          <figcaption className="text-xs text-slate-600">The top of the page as rendered (800 px wide).</figcaption>
        </figure>
      )}
      <Details title={`Console errors (${r.consoleErrors.length})`} items={r.consoleErrors} />
      <Details title={`Failed or refused requests (${r.failedRequests.length})`} items={r.failedRequests.map((f) => `${f.resourceType} ${f.url}: ${f.reason}`)} />
      <Details title={`Blocked for Googlebot by robots.txt (${r.robotsBlockedResources.length})`} items={r.robotsBlockedResources.map((b) => `${b.resourceType} ${b.url}`)} />
    </div>
  );
}

function Differences({ r }: { r: UrlRender }) {
  if (r.status !== "rendered") return null;
  if (r.differences.length === 0) return <p className="text-sm text-emerald-800" data-testid="no-differences">The raw HTML and the rendered page say the same.</p>;
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">Differences</h4>
      <ul className="mt-2 space-y-2" data-testid="render-differences">
        {r.differences.map((d) => (
          <li key={d.kind} className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm">
            <p className="font-medium text-slate-900">{DIFFERENCE_LABELS[d.kind]}</p>
            <p className="wrap-anywhere text-slate-700">Raw: {show(d.raw)} · Rendered: {show(d.rendered)}</p>
            <p className="text-slate-700">{d.note}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TextBars({ raw, rendered }: { raw: number; rendered: number }) {
  const max = Math.max(raw, rendered, 1);
  const bar = (label: string, n: number, tone: string) => (
    <div className="grid grid-cols-[8rem_1fr] items-center gap-2 text-sm">
      <span className="text-slate-700">{label}</span>
      <div className="flex items-center gap-2">
        <div className="h-3 rounded bg-slate-100" style={{ width: "100%" }} aria-hidden="true">
          <div className={`h-3 rounded ${tone}`} style={{ width: `${Math.max(1, Math.round((n / max) * 100))}%` }} />
        </div>
        <span className="whitespace-nowrap text-slate-700">{formatChars(n)}</span>
      </div>
    </div>
  );
  return (
    <div className="space-y-1" data-testid="text-bars">
      <h4 className="text-sm font-semibold text-slate-900">Visible text</h4>
      {bar("Raw HTML", raw, "bg-slate-500")}
      {bar("Rendered", rendered, "bg-brand-600")}
      <p className="text-xs text-slate-600">AI crawlers (GPTBot, ClaudeBot, PerplexityBot) do not run JavaScript: they read the raw HTML only.</p>
    </div>
  );
}

function SideBySide({ raw, rendered }: { raw: Facts; rendered: Facts | null }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Raw HTML and rendered page, field by field</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">Field</th>
            <th scope="col" className="py-1 pr-3 font-medium">Raw HTML</th>
            <th scope="col" className="py-1 font-medium">Rendered</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map((f) => {
            const a = show(f.of(raw));
            const b = rendered ? show(f.of(rendered)) : "—";
            return (
              <tr key={f.label} className={`border-b border-slate-100 align-top ${a !== b ? "bg-amber-50" : ""}`}>
                <th scope="row" className="py-1 pr-3 font-medium text-slate-800">{f.label}{a !== b ? <span className="sr-only"> (differs)</span> : null}</th>
                <td className="wrap-anywhere py-1 pr-3 text-slate-700">{a}</td>
                <td className="wrap-anywhere py-1 text-slate-700">{b}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Details({ title, items }: { title: string; items: string[] }): ReactNode {
  if (items.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-slate-800">{title}</summary>
      <ul className="mt-1 space-y-1 pl-4">
        {items.map((t, i) => <li key={i} className="wrap-anywhere font-mono text-xs text-slate-700">{t}</li>)}
      </ul>
    </details>
  );
}
