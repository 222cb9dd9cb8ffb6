"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pagination } from "@/components/ui/pagination";
import { DUPLICATES_PAGE, duplicatesQuery, type DuplicateKind } from "@/lib/queries/diagnosis";
import type { ProjectPath } from "@/lib/queries/urls";

const KINDS: Record<DuplicateKind, string> = { content: "Same main text", near_content: "Near-duplicate text", title: "Same title", description: "Same meta description" };

/** Duplicate groups among indexable pages: the page kept (canonical) and its copies, per kind. */
export function DuplicateGroups({ projectRef }: { projectRef: ProjectPath }) {
  const [kind, setKind] = useState<DuplicateKind>("content");
  const [offset, setOffset] = useState(0);
  const q = useQuery(duplicatesQuery(projectRef, kind, offset));
  return (
    <section aria-labelledby="duplicates-heading" className="space-y-3" data-testid="duplicates">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="duplicates-heading" className="text-lg font-semibold text-slate-900">Duplicates</h2>
          <p className="text-sm text-slate-600">Indexable pages answering 200 that share their main text, title or meta description, or whose main texts are near copies (differing in a few phrases). Search engines index one page of each group.</p>
        </div>
        <div role="group" aria-label="Duplicate kind" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
          {(Object.keys(KINDS) as DuplicateKind[]).map((k) => (
            <button key={k} type="button" aria-pressed={kind === k} onClick={() => { setKind(k); setOffset(0); }}
              className={`rounded px-3 py-1.5 text-sm font-medium ${kind === k ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}>
              {KINDS[k]}
            </button>
          ))}
        </div>
      </div>
      {q.isError ? <ErrorAlert error={q.error} />
        : q.isPending ? <div role="status" aria-busy="true" className="h-24 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading duplicates…</span></div>
        : q.data.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No duplicate groups of this kind at the last diagnosis.</p>
        ) : (
          <>
            <ul className="space-y-3">
              {q.data.data.map((g) => (
                <li key={g.key}>
                  <Card>
                    <p className="text-sm text-slate-800"><strong>{g.urls}</strong> pages{kind === "near_content" ? <>, each at least <strong>{g.similarity ?? 0} %</strong> similar to the kept one</>
                      : kind === "content" ? "" : <> share <q className="wrap-anywhere">{g.key}</q></>}.</p>
                    <p className="mt-1 text-sm"><span className="font-semibold text-slate-900">Kept (canonical): </span><span className="wrap-anywhere font-mono text-xs">{g.canonicalUrl}</span></p>
                    <p className="mt-1 text-sm font-semibold text-slate-900">{kind === "near_content" ? "Near copies:" : "Copies:"}</p>
                    <ul className="space-y-0.5">
                      {g.sampleUrls.filter((u) => u !== g.canonicalUrl).map((u) => <li key={u} className="wrap-anywhere font-mono text-xs text-slate-700">{u}</li>)}
                      {g.urls > g.sampleUrls.length && <li className="text-xs text-slate-600">and {g.urls - g.sampleUrls.length} more</li>}
                    </ul>
                  </Card>
                </li>
              ))}
            </ul>
            <Pagination label="Duplicate groups pages" offset={offset} limit={DUPLICATES_PAGE} total={q.data.meta.total} shown={q.data.data.length} onOffset={setOffset} />
          </>
        )}
    </section>
  );
}
