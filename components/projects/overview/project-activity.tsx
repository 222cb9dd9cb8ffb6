"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { SyncProgress } from "@/components/sitemaps/sync-progress";
import { useSyncLimit } from "@/components/sitemaps/use-sync-limit";
import { creditsMoved } from "@/lib/queries/credits";
import { probeProject, projectKeys, syncProject, type ProbeResult, type Project, type SyncResult } from "@/lib/queries/projects";
import { ProbeResultList } from "../probe-result";
import { SyncResultSummary } from "../sync-result";

/** A presence flag in words; null after a check means the site did not answer it (unknown), not that the file is missing. */
const presence = (v: boolean | null, checked: boolean) => (v === null ? (checked ? "Unknown: the site did not answer the last check" : "Not checked") : v ? "Found" : "Not found");

/** Last sync and probe times, with buttons to run either now (sync: once per 15 minutes) and their results. */
export function ProjectActivity({ orgId, project, serverNow }: { orgId: string; project: Project; serverNow: number }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [synced, setSynced] = useState<SyncResult | null>(null);
  const [probed, setProbed] = useState<ProbeResult | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: projectKeys.project(orgId, project.id) });
    await queryClient.invalidateQueries({ queryKey: projectKeys.lists(orgId) });
    await creditsMoved(queryClient, orgId);
    router.refresh(); // the header's credit balance and the shell's badges
  };
  const limit = useSyncLimit(project.lastSitemapSyncAt, serverNow);
  const sync = useMutation({
    mutationFn: () => syncProject(orgId, project.id),
    // The result shows as soon as it arrives; the project, the lists and the shell are read again behind it.
    onSuccess: (r) => { setSynced(r); void refresh(); },
    onError: limit.noteError,
    onSettled: limit.refresh,
  });
  const justSynced = synced !== null && synced.status !== "failed" && sync.isSuccess
    && (project.lastSitemapSyncAt === null || Date.parse(project.lastSitemapSyncAt) < sync.submittedAt - 60_000);
  const probe = useMutation({ mutationFn: () => probeProject(orgId, project.id), onSuccess: (r) => { setProbed(r); void refresh(); } });

  return (
    <section aria-labelledby="activity-heading" className="grid gap-6 lg:grid-cols-2">
      <h2 id="activity-heading" className="sr-only">
        Sitemap and availability
      </h2>
      <Card>
        <h3 className="text-base font-semibold">Sitemap sync</h3>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Sitemap</dt>
            <dd className="wrap-anywhere">{project.sitemapUrl}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Last sitemap sync</dt>
            <dd data-testid="last-sync">{project.lastSitemapSyncAt ? formatDateTime(project.lastSitemapSyncAt) : "Never"}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-600">Each new URL costs 1 credit; URLs already tracked are free.</p>
        <Button className="mt-3" onClick={() => sync.mutate()} disabled={sync.isPending || limit.waiting || justSynced} aria-describedby="overview-sync-limit">
          {sync.isPending ? "Syncing…" : "Sync now"}
        </Button>
        <p id="overview-sync-limit" className="mt-1 text-xs text-slate-600" data-testid="next-sync">
          {limit.label ?? "One sync every 15 minutes."}
        </p>
        {sync.isPending && <div className="mt-3"><SyncProgress projectRef={{ orgId, projectId: project.id }} since={sync.submittedAt} /></div>}
        <div aria-live="polite" className="mt-3 empty:hidden">
          {sync.isError ? <ErrorAlert error={sync.error} /> : synced && <SyncResultSummary result={synced} />}
        </div>
      </Card>
      <Card>
        <h3 className="text-base font-semibold">Availability</h3>
        <dl className="mt-2 space-y-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Last check</dt>
            <dd data-testid="last-probe">{project.lastAvailabilityCheckAt ? formatDateTime(project.lastAvailabilityCheckAt) : "Never"}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">robots.txt</dt>
            <dd data-testid="robots-presence">{presence(project.robotsTxtPresent, Boolean(project.lastAvailabilityCheckAt))}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">llms.txt</dt>
            <dd>{presence(project.llmsTxtPresent, Boolean(project.lastAvailabilityCheckAt))}</dd>
          </div>
        </dl>
        <Button variant="secondary" className="mt-3" onClick={() => probe.mutate()} disabled={probe.isPending}>
          {probe.isPending ? "Checking…" : "Check availability"}
        </Button>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {probe.isError ? <ErrorAlert error={probe.error} /> : probed && <ProbeResultList result={probed} sitemapUrl={project.sitemapUrl} />}
        </div>
      </Card>
    </section>
  );
}
