"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { creditsMoved } from "@/lib/queries/credits";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { projectKeys, syncProject, type Project, type SyncResult } from "@/lib/queries/projects";
import { SyncFailures, SyncResultSummary } from "@/components/projects/sync-result";
import { SyncProgress } from "./sync-progress";
import { useSyncLimit } from "./use-sync-limit";

/**
 * "Sync now", disabled until 15 minutes after the last sync start (the API answers 429 before that),
 * with the time it opens again. A 402 says how many credits the sync needs and how many there are.
 */
export function SitemapSyncCard({ project, serverNow }: { project: Project; serverNow: number }) {
  const queryClient = useQueryClient();
  const limit = useSyncLimit(project.lastSitemapSyncAt, serverNow);
  const sync = useMutation({
    mutationFn: () => syncProject(project.organizationId, project.id),
    // The result shows as soon as it arrives: the project (its new lastSitemapSyncAt, the tree) is read again behind it,
    // and the header's balance follows (new URLs cost a credit each).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.project(project.organizationId, project.id) });
      void creditsMoved(queryClient, project.organizationId);
    },
    onError: limit.noteError,
    onSettled: limit.refresh,
  });
  // Until the project is read again (its stamp still the one before this sync; a minute's slack for the clocks), a
  // sync that read a sitemap keeps the button disabled: the 15-minute limit counts from it.
  const justSynced = sync.isSuccess && sync.data.status !== "failed"
    && (project.lastSitemapSyncAt === null || Date.parse(project.lastSitemapSyncAt) < sync.submittedAt - 60_000);

  return (
    <Card>
      <section aria-labelledby="sync-heading" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="sync-heading" className="text-base font-semibold">Sitemap sync</h2>
            <p className="mt-1 text-sm text-slate-600">
              Sitemap: <span className="wrap-anywhere font-mono text-slate-800">{project.sitemapUrl}</span>
            </p>
            <p className="mt-1 text-sm text-slate-600" data-testid="last-sync">
              {project.lastSitemapSyncAt ? <>Last sync started <time dateTime={project.lastSitemapSyncAt}>{formatDateTime(project.lastSitemapSyncAt)}</time>.</> : "Never synced."}
            </p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button onClick={() => sync.mutate()} disabled={sync.isPending || limit.waiting || justSynced} aria-describedby="sync-limit">
              {sync.isPending ? "Syncing…" : "Sync now"}
            </Button>
            <p id="sync-limit" className="text-xs text-slate-600" data-testid="next-sync">
              {limit.label ?? "One sync every 15 minutes."}
            </p>
          </div>
        </div>
        {sync.isPending && <SyncProgress projectRef={{ orgId: project.organizationId, projectId: project.id }} since={sync.submittedAt} />}
        {sync.isError && <SyncError error={sync.error} />}
        {sync.isSuccess && <SyncSummary result={sync.data} />}
      </section>
    </Card>
  );
}

function SyncError({ error }: { error: unknown }) {
  if (error instanceof ApiRequestError && error.code === "INSUFFICIENT_CREDITS") {
    const required = Number(error.meta?.required);
    const available = Number(error.meta?.available);
    return (
      <div role="alert" data-testid="sync-insufficient-credits" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <p className="font-semibold">Not enough credits: nothing was added.</p>
        {Number.isFinite(required) && Number.isFinite(available) && (
          <p>
            This sync would add {required.toLocaleString("en-US")} new URLs at 1 credit each; your organization has {available.toLocaleString("en-US")} credits.
          </p>
        )}
        <p className="mt-1">{error.message}</p>
      </div>
    );
  }
  return <ErrorAlert error={error} />;
}

function SyncSummary({ result }: { result: SyncResult }) {
  if (result.status === "failed") return <SyncResultSummary result={result} />;
  const items: [string, number][] = [
    ["New URLs added", result.urlsDiscovered], ["Seen again", result.urlsUpdated], ["Skipped", result.urlsSkipped],
    ["Sitemaps read", result.sitemapsFetched], ["Newly missing", result.staleMarked], ["Back in a sitemap", result.staleCleared],
    // Of the skipped: URLs someone stopped tracking (listed on the URLs page, where they can be allowed back).
    ...(result.urlsExcluded ? [["Excluded from tracking", result.urlsExcluded] as [string, number]] : []),
  ];
  return (
    <div role="status" data-testid="sync-result" className="space-y-3">
      {result.status === "partial" ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-medium">Sync complete, but {result.failures.length === 1 ? "one file" : `${result.failures.length} files`} could not be read:</p>
          <SyncFailures result={result} />
        </div>
      ) : (
        <p className="text-sm font-medium text-emerald-800">Sync complete.</p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {result.skippedOffHost.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">{result.skippedOffHost.length} off-host URLs were skipped (not charged)</summary>
          <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-5 text-slate-700">
            {result.skippedOffHost.map((s) => <li key={s.url} className="wrap-anywhere">{s.url}</li>)}
          </ul>
        </details>
      )}
    </div>
  );
}
