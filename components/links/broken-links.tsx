"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pagination } from "@/components/ui/pagination";
import { brokenLinksQuery } from "@/lib/queries/links";
import type { ProjectPath } from "@/lib/queries/urls";

export const BROKEN_PAGE = { offset: 0, limit: 20 };
const number = new Intl.NumberFormat("en");

/** Internal link targets that answer an error or redirect, each with the pages that carry the link (what a person edits). */
export function BrokenLinks({ projectRef }: { projectRef: ProjectPath }) {
  const [offset, setOffset] = useState(0);
  const q = useQuery(brokenLinksQuery(projectRef, { ...BROKEN_PAGE, offset }));
  if (q.isPending) return <div className="h-24 animate-pulse rounded bg-slate-100" />;
  if (q.isError) return <ErrorAlert error={q.error} />;
  const { data, meta } = q.data;
  if (!meta.total) {
    return <p className="text-sm text-slate-600" data-testid="broken-links-empty">No broken internal link: every linked page we know answers 200 without a redirect.</p>;
  }
  return (
    <div data-testid="broken-links">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Broken internal links and the pages that carry them</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="w-2/5 py-1 pr-2 font-medium">Linked URL</th>
            <th scope="col" className="w-1/5 py-1 pr-2 font-medium">Answer</th>
            <th scope="col" className="py-1 font-medium">Pages carrying the link (edit these)</th>
          </tr>
        </thead>
        <tbody>
          {data.map((b) => (
            <tr key={b.target} className="border-t border-slate-200 align-top">
              <td className="wrap-anywhere py-2 pr-2 font-mono text-xs">{b.target}</td>
              <td className="py-2 pr-2">
                {b.redirectTarget ? (
                  <span>Redirects to <span className="wrap-anywhere font-mono text-xs">{b.redirectTarget}</span></span>
                ) : b.status ? `HTTP ${b.status}` : "No answer"}
              </td>
              <td className="py-2">
                <p className="text-slate-900">{number.format(b.sourcePages)} page{b.sourcePages === 1 ? "" : "s"}</p>
                <ul className="mt-1 space-y-0.5">
                  {b.sampleSources.map((s) => (
                    <li key={s.url} className="wrap-anywhere text-xs">
                      <span className="font-mono">{s.url}</span>
                      {s.anchorText && <span className="text-slate-600"> — <q>{s.anchorText}</q></span>}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination label="Broken internal link targets" offset={offset} limit={BROKEN_PAGE.limit} total={meta.total} shown={data.length} onOffset={setOffset} />
    </div>
  );
}
