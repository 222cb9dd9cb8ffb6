"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { Modal } from "@/components/ui/modal";
import { Pagination } from "@/components/ui/pagination";
import { projectKeys } from "@/lib/queries/projects";
import { deleteUrlExclusions, urlExclusionsQuery, type ProjectPath } from "@/lib/queries/urls";
import { urlCount } from "./labels";

const PAGE = 20;

/**
 * "N URLs excluded from tracking": the URLs someone stopped tracking, which sitemap syncs and imports leave out. The
 * button opens a dialog listing them (searchable, paginated) where each, or all, can be allowed back: the next sync or
 * import that lists them tracks them again. Hidden while there are none.
 */
export function ExcludedUrls({ projectRef }: { projectRef: ProjectPath }) {
  const [open, setOpen] = useState(false);
  const count = useQuery(urlExclusionsQuery(projectRef, { offset: 0, limit: 1 }));
  const total = count.data?.meta.total ?? 0;
  if (!total && !open) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="excluded-urls">
      <p>{urlCount(total)} excluded from tracking: the sitemap and imports leave {total === 1 ? "it" : "them"} out.</p>
      <Button variant="secondary" className="px-2.5 py-1" aria-haspopup="dialog" onClick={() => setOpen(true)}>Show excluded URLs…</Button>
      {open && <ExcludedUrlsDialog projectRef={projectRef} onClose={() => setOpen(false)} />}
    </div>
  );
}

function ExcludedUrlsDialog({ projectRef, onClose }: { projectRef: ProjectPath; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [q, setQ] = useState("");
  const [confirmAll, setConfirmAll] = useState(false);
  const list = useQuery(urlExclusionsQuery(projectRef, { offset, limit: PAGE }, q));
  const allow = useMutation({
    mutationFn: (body: { urls: string[] } | { all: true }) => deleteUrlExclusions(projectRef, body),
    onSuccess: async () => {
      setConfirmAll(false);
      setOffset(0);
      await queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) });
    },
  });
  const total = list.data?.meta.total ?? 0;

  return (
    <Modal title="URLs excluded from tracking" size="lg" onClose={onClose} closeLabel="Close the excluded URLs" describedBy="excluded-urls-help">
      <p id="excluded-urls-help" className="max-w-prose text-sm text-slate-700">
        Someone stopped tracking these URLs, so the sitemap sync and imports leave them out (and charge nothing for them). Allow one back and the next
        sync or import that lists it tracks it again (a sync charges 1 credit). Adding a URL by hand tracks it again at once.
      </p>
      <label className="mt-3 block text-sm font-medium text-slate-800">
        Search
        <input type="search" className={`${inputClasses} mt-1`} value={q} maxLength={2048} placeholder="Part of the URL"
          onChange={(e) => { setQ(e.target.value); setOffset(0); }} />
      </label>
      {allow.isError && <ErrorAlert error={allow.error} className="mt-2" />}
      <p className="mt-2 text-sm text-emerald-800 empty:hidden" role="status">
        {allow.isSuccess ? `${urlCount(allow.data.deleted)} allowed back: the next sync or import that lists ${allow.data.deleted === 1 ? "it tracks it" : "them tracks them"} again.` : ""}
      </p>
      {list.data && list.data.data.length > 0 ? (
        <table className="mt-3 w-full table-fixed text-sm">
          <caption className="sr-only">URLs excluded from tracking, the latest first</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="w-2/3 py-1 pr-2 font-medium">URL</th>
              <th scope="col" className="py-1 pr-2 font-medium">Excluded on</th>
              <th scope="col" className="py-1 text-right font-medium"><span className="sr-only">Action</span></th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((e) => (
              <tr key={e.url} className="border-t border-slate-200" data-testid="excluded-url">
                <td className="truncate py-1.5 pr-2 font-mono text-xs" title={e.url}>{e.url}</td>
                <td className="py-1.5 pr-2"><time dateTime={e.createdAt}>{formatDate(e.createdAt)}</time></td>
                <td className="py-1.5 text-right">
                  <Button variant="secondary" className="px-2.5 py-1" disabled={allow.isPending} onClick={() => allow.mutate({ urls: [e.url] })} aria-label={`Allow ${e.url} back`}>
                    Allow back
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{list.isPending ? "Loading…" : q ? "No excluded URL contains this text." : "No URL is excluded."}</p>
      )}
      <Pagination label="Excluded URLs" offset={offset} limit={PAGE} total={total} shown={list.data?.data.length ?? 0} onOffset={setOffset} />
      <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
        {!q && total > 0 && (confirmAll ? (
          <>
            <span className="text-sm text-slate-800">Allow all {urlCount(total)} back?</span>
            <Button variant="secondary" onClick={() => setConfirmAll(false)}>Keep them excluded</Button>
            <Button disabled={allow.isPending} onClick={() => allow.mutate({ all: true })}>{allow.isPending ? "Allowing…" : `Allow all ${urlCount(total)} back`}</Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => setConfirmAll(true)}>Allow all back…</Button>
        ))}
      </div>
    </Modal>
  );
}
