"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { saveSentinels, sentinelsQuery, siteChangeKeys } from "@/lib/queries/site-changes";
import type { ProjectPath } from "@/lib/queries/urls";

const STATE: Record<string, { label: string; tone: BadgeTone }> = {
  ok: { label: "OK", tone: "success" }, changed: { label: "Changed", tone: "warning" }, error: { label: "Error", tone: "danger" }, pending: { label: "Not audited yet", tone: "neutral" },
};

/** The sentinel pages (audited every 15 minutes, free) with their last state, and the list to edit. */
export function SentinelsPanel({ projectRef }: { projectRef: ProjectPath }) {
  const q = useQuery(sentinelsQuery(projectRef));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { auto: boolean; urls: string[] }) => saveSentinels(projectRef, body),
    onSuccess: (data) => {
      queryClient.setQueryData(siteChangeKeys.sentinels(projectRef), data);
      setEditing(null);
    },
  });
  if (q.isPending) return <ListSkeleton label="Loading sentinels…" rows={3} />;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  const s = q.data;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {s.auto ? "Chosen for you: the home page, the top pages by clicks, high-priority pages and one page per section." : "Chosen by hand."}{" "}
        {s.lastRunAt ? `Last run ${formatDateTime(s.lastRunAt)}.` : "Not run yet: the first run comes within 15 minutes."}
      </p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Sentinel pages">
        {s.pages.map((p) => (
          <li key={p.url} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="wrap-anywhere font-mono text-xs text-slate-800">{p.url}</span>
            <span className="flex items-center gap-2">
              {p.httpStatus !== null && <span className="text-slate-500">{p.httpStatus}</span>}
              <Badge tone={(STATE[p.state] ?? STATE.pending).tone}>{(STATE[p.state] ?? STATE.pending).label}</Badge>
            </span>
          </li>
        ))}
      </ul>
      {editing === null ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(s.urls.join("\n"))}>Edit the list</Button>
          {!s.auto && <Button variant="ghost" disabled={save.isPending} onClick={() => save.mutate({ auto: true, urls: [] })}>Let the product choose</Button>}
        </div>
      ) : (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ auto: false, urls: editing.split(/\s+/).filter(Boolean) });
          }}
        >
          <label htmlFor="sentinel-urls" className="block text-sm font-medium text-slate-800">Sentinel URLs, one a line (at most 50, on this project&apos;s domain)</label>
          <textarea id="sentinel-urls" rows={6} value={editing} onChange={(e) => setEditing(e.target.value)} className="w-full rounded-md border border-slate-300 p-2 font-mono text-xs" />
          {save.isError && <ErrorAlert error={save.error} />}
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending}>Save sentinels</Button>
            <Button variant="ghost" onClick={() => setEditing(null)}>Cancel</Button>
          </div>
        </form>
      )}
    </div>
  );
}
