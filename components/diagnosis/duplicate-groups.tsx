"use client";

import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pagination } from "@/components/ui/pagination";
import { DUPLICATES_PAGE, duplicatesQuery, type DuplicateKind } from "@/lib/queries/diagnosis";
import type { ProjectPath } from "@/lib/queries/urls";

const KINDS: Record<DuplicateKind, string> = { content: "Same main text", near_content: "Near-duplicate text", title: "Same title", description: "Same meta description" };
/** What an empty kind means, in words. */
const NONE: Record<DuplicateKind, string> = {
  content: "No pages share their main text", near_content: "No pages are near copies of each other", title: "No pages share their title", description: "No pages share their meta description",
};

/** Duplicate groups among indexable pages: the page kept (canonical) and its copies, per kind. */
export function DuplicateGroups({ projectRef }: { projectRef: ProjectPath }) {
  const [kind, setKind] = useState<DuplicateKind>("content");
  const [offset, setOffset] = useState(0);
  const q = useQuery(duplicatesQuery(projectRef, kind, offset));
  const listId = useId();
  return (
    <section aria-labelledby="duplicates-heading" className="space-y-3" data-testid="duplicates">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="duplicates-heading" className="text-lg font-semibold text-slate-900">Duplicates</h2>
          <p className="text-sm text-slate-600">Indexable pages answering 200 that share their main text, title or meta description, or whose main texts are near copies (differing in a few phrases). Search engines index one page of each group.</p>
        </div>
        {/* Wraps between its buttons on a narrow screen (never inside a label). */}
        <div role="group" aria-label="Duplicate kind" className="inline-flex flex-wrap rounded-md border border-slate-300 bg-white p-0.5">
          {(Object.keys(KINDS) as DuplicateKind[]).map((k) => (
            <button key={k} type="button" aria-pressed={kind === k} onClick={() => { setKind(k); setOffset(0); }}
              className={`whitespace-nowrap rounded px-3 py-1.5 text-sm font-medium ${kind === k ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}>
              {KINDS[k]}
            </button>
          ))}
        </div>
      </div>
      {/* A kind chosen with the keyboard changes the list below: a screen reader hears what it now holds. */}
      <p role="status" className="sr-only" data-testid="duplicates-status">
        {q.isSuccess && (q.data.meta.total ? `${KINDS[kind]}: ${q.data.meta.total} group${q.data.meta.total === 1 ? "" : "s"}.` : `${KINDS[kind]}: none.`)}
      </p>
      {q.isError ? <ErrorAlert error={q.error} />
        : q.isPending ? <div role="status" aria-busy="true" className="h-24 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading duplicates…</span></div>
        : q.data.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{NONE[kind]} at the last diagnosis.</p>
        ) : (
          <>
            <ul className="space-y-3" aria-label={`${KINDS[kind]} groups`}>
              {q.data.data.map((g, i) => (
                <li key={g.key}>
                  <Card>
                    <p className="text-sm text-slate-800"><strong>{g.urls}</strong> pages{kind === "near_content" ? <>, each at least <strong>{g.similarity ?? 0} %</strong> similar to the kept one</>
                      : kind === "content" ? "" : <> share <q className="wrap-anywhere">{g.key}</q></>}.</p>
                    <p className="mt-1 text-sm" data-testid="duplicate-kept"><span className="font-semibold text-slate-900">Kept (canonical): </span><span className="wrap-anywhere font-mono text-xs">{g.canonicalUrl}</span></p>
                    <p id={`${listId}-${i}`} className="mt-1 text-sm font-semibold text-slate-900">{kind === "near_content" ? "Near copies:" : "Copies:"}</p>
                    {/* Named by its heading line, so a screen reader says which list it is in. */}
                    <ul className="space-y-0.5" aria-labelledby={`${listId}-${i}`}>
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
