"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDate } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { creditsMoved } from "@/lib/queries/credits";
import { projectKeys } from "@/lib/queries/projects";
import { admitUrls, untrackedPagesQuery, type ProjectPath } from "@/lib/queries/urls";

const PAGE = 10;
const number = new Intl.NumberFormat("en");

/**
 * Pages Google showed in its results over the last 28 days that the project does not track: real pages the
 * engine knows (often a trailing-slash or query-string variant of a tracked one). Each can be tracked with one
 * click, or the whole page of them at once. Hidden while there are none (or before the first pull).
 */
export function UntrackedPages({ projectRef }: { projectRef: ProjectPath }) {
  const [offset, setOffset] = useState(0);
  const queryClient = useQueryClient();
  const list = useQuery(untrackedPagesQuery(projectRef, { offset, limit: PAGE }));
  const track = useMutation({
    mutationFn: (urls: string[]) => admitUrls(projectRef, urls),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) }),
      creditsMoved(queryClient, projectRef.orgId),
    ]),
  });
  if (!list.data || list.data.meta.total === 0) return null;
  const { data, meta } = list.data;

  return (
    <details className="rounded-lg border border-amber-200 bg-amber-50/60 px-4 py-3" data-testid="untracked-pages">
      <summary className="cursor-pointer text-sm font-medium text-slate-900">
        Google shows {number.format(meta.total)} page{meta.total === 1 ? "" : "s"} of this site that you don&apos;t track
      </summary>
      <p className="mt-2 max-w-prose text-sm text-slate-700">
        From Google Search Console&apos;s performance data over the last 28 days. Track them to audit them and follow their indexing;
        a page ending with or without a slash, or with a query string, is a different URL for Google.
      </p>
      {track.isError && <ErrorAlert error={track.error} className="mt-2" />}
      {track.isSuccess && (
        <p className="mt-2 text-sm text-emerald-800" role="status">
          {track.data.inserted} page{track.data.inserted === 1 ? "" : "s"} now tracked{track.data.skipped ? ` (${track.data.skipped} skipped)` : ""}.
        </p>
      )}
      <table className="mt-3 w-full table-fixed text-sm">
        <caption className="sr-only">Untracked pages with Google Search impressions in the last 28 days</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="w-1/2 py-1 pr-2 font-medium">Page</th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">Clicks (28 d)</th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">Impressions (28 d)</th>
            <th scope="col" className="py-1 pr-2 font-medium">Last shown</th>
            <th scope="col" className="py-1 text-right font-medium"><span className="sr-only">Action</span></th>
          </tr>
        </thead>
        <tbody>
          {data.map((p) => (
            <tr key={p.url} className="border-t border-amber-200/70">
              <td className="truncate py-1.5 pr-2 font-mono text-xs" title={p.url}>{p.url}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{number.format(p.clicks28d)}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{number.format(p.impressions28d)}</td>
              <td className="py-1.5 pr-2"><time dateTime={p.lastImpressionAt}>{formatDate(p.lastImpressionAt)}</time></td>
              <td className="py-1.5 text-right">
                <Button variant="secondary" className="px-2.5 py-1" disabled={track.isPending} onClick={() => track.mutate([p.url])} aria-label={`Track ${p.url}`}>Track</Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <Button disabled={track.isPending} onClick={() => track.mutate(data.map((p) => p.url))}>
          {data.length === 1 ? "Track this page" : `Track these ${data.length}`}
        </Button>
        <Pagination label="Untracked pages" offset={offset} limit={PAGE} total={meta.total} shown={data.length} onOffset={setOffset} />
      </div>
    </details>
  );
}
