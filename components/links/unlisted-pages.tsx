"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pagination } from "@/components/ui/pagination";
import { creditsMoved } from "@/lib/queries/credits";
import { linkKeys, unlistedPagesQuery } from "@/lib/queries/links";
import { projectKeys } from "@/lib/queries/projects";
import { admitUrls, type ProjectPath } from "@/lib/queries/urls";

export const UNLISTED_PAGE = { offset: 0, limit: 20 };
const number = new Intl.NumberFormat("en");

/**
 * Pages the site links to that the project does not track: found in the audits' links, fetched politely up to 100 a
 * run. A person decides which to track (one click each); a link to the www/apex twin host cannot be tracked here.
 */
export function UnlistedPages({ projectRef }: { projectRef: ProjectPath }) {
  const [offset, setOffset] = useState(0);
  const queryClient = useQueryClient();
  const q = useQuery(unlistedPagesQuery(projectRef, { ...UNLISTED_PAGE, offset }));
  const track = useMutation({
    mutationFn: (urls: string[]) => admitUrls(projectRef, urls),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: linkKeys.all(projectRef) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) }),
      creditsMoved(queryClient, projectRef.orgId),
    ]),
  });
  if (q.isPending) return <div className="h-24 animate-pulse rounded bg-slate-100" />;
  if (q.isError) return <ErrorAlert error={q.error} />;
  const { data, meta } = q.data;
  if (!meta.total) return <p className="text-sm text-slate-600" data-testid="unlisted-empty">Every page the site links to is tracked.</p>;
  return (
    <div data-testid="unlisted-pages">
      {track.isError && <ErrorAlert error={track.error} className="mb-2" />}
      {track.isSuccess && (
        <p className="mb-2 text-sm text-emerald-800" role="status">
          {track.data.inserted} page{track.data.inserted === 1 ? "" : "s"} now tracked{track.data.skipped ? ` (${track.data.skipped} skipped)` : ""}. Its links count from its first audit.
        </p>
      )}
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Linked pages the project does not track</caption>
        <thead>
          <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="w-1/2 py-1 pr-2 font-medium">Page</th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">Linked from</th>
            <th scope="col" className="py-1 pr-2 font-medium">Our fetch</th>
            <th scope="col" className="py-1 text-right font-medium"><span className="sr-only">Action</span></th>
          </tr>
        </thead>
        <tbody>
          {data.map((u) => (
            <tr key={u.url} className="border-t border-slate-200">
              <td className="wrap-anywhere py-1.5 pr-2 font-mono text-xs">{u.url}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{number.format(u.inlinkPages)} page{u.inlinkPages === 1 ? "" : "s"}</td>
              <td className="py-1.5 pr-2">{!u.fetchedAt ? "Not fetched yet" : u.redirectTarget ? "Redirects" : u.status ? `HTTP ${u.status}` : "No answer"}</td>
              <td className="py-1.5 text-right">
                {u.trackable ? (
                  <Button variant="secondary" className="px-2.5 py-1" disabled={track.isPending} onClick={() => track.mutate([u.url])} aria-label={`Track ${u.url}`}>Track</Button>
                ) : (
                  <span className="text-xs text-slate-600">Other host</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination label="Unlisted pages" offset={offset} limit={UNLISTED_PAGE.limit} total={meta.total} shown={data.length} onOffset={setOffset} />
    </div>
  );
}
