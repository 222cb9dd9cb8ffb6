"use client";

import { useQuery } from "@tanstack/react-query";
import { ProgressBar } from "@/components/ui/progress-bar";
import { syncProgressQuery } from "@/lib/queries/sitemaps";
import type { ProjectPath } from "@/lib/queries/urls";

const n = (v: number) => v.toLocaleString("en-US");

/**
 * A running sync's progress, as the server reports it (GET …/sync, polled each second while the POST runs): the
 * sitemaps read of those found so far (an index adds its children as it is read) and the URLs read, then the admission.
 */
export function SyncProgress({ projectRef, since }: { projectRef: ProjectPath; since: number }) {
  const q = useQuery(syncProgressQuery(projectRef, since));
  const p = q.data?.running ? q.data : null;
  const text = !p
    ? "Starting the sync…"
    : p.phase === "admitting"
      ? `${n(p.sitemapsRead)} ${p.sitemapsRead === 1 ? "sitemap" : "sitemaps"} read, ${n(p.urlsRead)} URLs: adding the new ones…`
      : `${n(p.sitemapsRead)} of ${n(p.sitemapsFound)} sitemaps read · ${n(p.urlsRead)} URLs found so far`;
  return (
    <div className="space-y-1" data-testid="sync-progress">
      <ProgressBar label="Sitemap sync" value={p?.sitemapsRead ?? 0} max={Math.max(p?.sitemapsFound ?? 1, 1)} valueText={text} />
      <p className="text-xs text-slate-600 tabular-nums" data-testid="sync-progress-text">{text}</p>
    </div>
  );
}
