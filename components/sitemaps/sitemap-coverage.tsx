"use client";

import { useState, type ReactNode } from "react";
import { sharePercent } from "@/components/projects/overview/share-bar";
import type { SitemapCoverage } from "@/lib/queries/portfolio";

const n = (v: number) => v.toLocaleString("en-US");

type Counts = { urls: number; indexedEngineA: number; indexedEngineB: number; withOpenIssues: number };
type Row = Counts & { key: string; name: ReactNode; sortName: string; title?: string };
type SortKey = "name" | "urls" | "indexedEngineA" | "indexedEngineB" | "withOpenIssues";

const GOOGLE = "bg-blue-600";
const BING = "bg-teal-600";

/** Google's and Bing's indexed shares of a row as two thin bars, one above the other (the numbers are in their own columns). */
function PairedBars({ row }: { row: Counts }) {
  const width = (v: number) => (row.urls > 0 && v > 0 ? Math.max(1, (v / row.urls) * 100) : 0);
  return (
    <span aria-hidden="true" className="block w-32 space-y-1 py-1">
      <span className="block h-1.5 overflow-hidden rounded-full bg-slate-200"><span className={`block h-full ${GOOGLE}`} style={{ width: `${width(row.indexedEngineA)}%` }} /></span>
      <span className="block h-1.5 overflow-hidden rounded-full bg-slate-200"><span className={`block h-full ${BING}`} style={{ width: `${width(row.indexedEngineB)}%` }} /></span>
    </span>
  );
}

function Indexed({ value, total }: { value: number; total: number }) {
  return (
    <span className="whitespace-nowrap">
      {n(value)} <span className="text-xs text-slate-500">({sharePercent(value, total)})</span>
    </span>
  );
}

const th = "px-3 py-2 text-left align-bottom text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2 align-middle text-sm text-slate-700";

/** One coverage table (per sitemap or per section), sortable by any column; the sorted header carries aria-sort. */
function CoverageTable({ label, nameHeader, rows, testId }: { label: string; nameHeader: string; rows: Row[]; testId: string }) {
  const [sort, setSort] = useState<{ key: SortKey; dir: "asc" | "desc" }>({ key: "urls", dir: "desc" });
  const sorted = [...rows].sort((a, b) => {
    const d = sort.key === "name" ? a.sortName.localeCompare(b.sortName) : a[sort.key] - b[sort.key];
    return (sort.dir === "asc" ? d : -d) || a.sortName.localeCompare(b.sortName);
  });
  const header = (key: SortKey, text: string, right = true) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"} className={`${th} ${right ? "text-right" : ""}`}>
        <button type="button" className={`inline-flex items-center gap-1 uppercase hover:text-slate-900 ${active ? "text-slate-900" : ""}`}
          onClick={() => setSort({ key, dir: active ? (sort.dir === "asc" ? "desc" : "asc") : key === "name" ? "asc" : "desc" })}>
          {text}
          <span aria-hidden="true" className={active ? "" : "text-slate-300"}>{active ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}</span>
        </button>
      </th>
    );
  };
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200" data-testid={testId}>
        <caption className="sr-only">{`${label}: tracked URLs, those indexed by Google and by Bing, and those with open issues. Click a column header to sort by it.`}</caption>
        <thead className="bg-slate-50">
          <tr>
            {header("name", nameHeader, false)}
            {header("urls", "Tracked")}
            {header("indexedEngineA", "Indexed on Google")}
            {header("indexedEngineB", "Indexed on Bing")}
            <th scope="col" className={th}>Indexed share</th>
            {header("withOpenIssues", "With issues")}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.map((r) => (
            <tr key={r.key} data-testid={`${testId}-row`}>
              <th scope="row" className={`${td} max-w-[22rem] text-left font-normal`} title={r.title}>{r.name}</th>
              <td className={`${td} text-right tabular-nums`}>{n(r.urls)}</td>
              <td className={`${td} text-right tabular-nums`}><Indexed value={r.indexedEngineA} total={r.urls} /></td>
              <td className={`${td} text-right tabular-nums`}><Indexed value={r.indexedEngineB} total={r.urls} /></td>
              <td className={td}><PairedBars row={r} /></td>
              <td className={`${td} text-right tabular-nums`}>{r.withOpenIssues ? n(r.withOpenIssues) : <span className="text-slate-500">0</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};
const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Indexed URLs per sitemap and per section (first path segment), with Google's and Bing's shares side by side. */
export function SitemapCoverageTables({ coverage }: { coverage: SitemapCoverage }) {
  const sitemaps: Row[] = coverage.sitemaps.map((s) => ({
    ...s, key: s.sitemapId ?? "none", sortName: s.url ?? "~",
    title: s.url ?? undefined,
    name: s.url ? (
      <span className="block">
        <span className="wrap-anywhere font-mono text-xs">{pathOf(s.url)}</span>
        {s.listedUrls !== null && <span className="block text-xs text-slate-500">{n(s.listedUrls)} entries at the last read{s.fetchStatus && s.fetchStatus !== "ok" ? ", last fetch failed" : ""}</span>}
      </span>
    ) : (
      <span className="block">
        <span className="italic">In no sitemap</span>
        <span className="block text-xs text-slate-500">Added by hand or import, no longer listed, or not synced since</span>
      </span>
    ),
  }));
  const sections: Row[] = coverage.sections.map((s) => ({
    ...s, key: s.section, sortName: s.section,
    name: s.section === "/" ? <span>Root pages <span className="font-mono text-xs">/</span></span> : <span className="wrap-anywhere font-mono text-xs">/{decode(s.section)}/</span>,
  }));
  if (coverage.otherSections) {
    const o = coverage.otherSections;
    sections.push({ ...o, key: "other", sortName: "~", name: <span className="italic">{n(o.sections)} smaller sections</span> });
  }
  const t = coverage.totals;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        {n(t.urls)} tracked URLs: {n(t.indexedEngineA)} indexed on Google ({sharePercent(t.indexedEngineA, t.urls)}), {n(t.indexedEngineB)} on Bing
        ({sharePercent(t.indexedEngineB, t.urls)}), {n(t.withOpenIssues)} with open issues.{" "}
        <span className="inline-flex items-center gap-3 align-middle text-xs">
          <span className="inline-flex items-center gap-1"><span aria-hidden="true" className={`inline-block h-2 w-4 rounded ${GOOGLE}`} />Google</span>
          <span className="inline-flex items-center gap-1"><span aria-hidden="true" className={`inline-block h-2 w-4 rounded ${BING}`} />Bing</span>
        </span>
      </p>
      <div className="space-y-2">
        <h3 className="font-semibold">Per sitemap</h3>
        <p className="text-xs text-slate-600">A URL counts under the sitemap that listed it at the last sync (the first one, when several did).</p>
        <CoverageTable label="Indexed per sitemap" nameHeader="Sitemap" rows={sitemaps} testId="sitemap-coverage" />
      </div>
      <div className="space-y-2">
        <h3 className="font-semibold">Per section</h3>
        <p className="text-xs text-slate-600">Sections are the first folder of the path: <span className="font-mono">/blog/…</span> is in <span className="font-mono">/blog/</span>; pages at the top level are root pages.</p>
        <CoverageTable label="Indexed per section" nameHeader="Section" rows={sections} testId="section-coverage" />
      </div>
    </div>
  );
}
