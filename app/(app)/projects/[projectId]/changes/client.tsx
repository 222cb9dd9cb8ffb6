"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { DeployMarkers } from "@/components/site-watch/deploy-markers";
import { SentinelsPanel } from "@/components/site-watch/sentinels-panel";
import { SiteChangesList } from "@/components/site-watch/site-changes-list";
import { Card } from "@/components/ui/card";
import { deploysQuery } from "@/lib/queries/site-changes";

export const DEPLOYS_PAGE = { offset: 0, limit: 10 };

export function ChangesClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const deploys = useQuery(deploysQuery(ref, DEPLOYS_PAGE));
  return (
    <div className="space-y-8">
      <section aria-labelledby="site-changes-heading" className="space-y-3">
        <h2 id="site-changes-heading" className="text-lg font-semibold text-slate-900">Site changes</h2>
        <p className="max-w-3xl text-sm text-slate-600">
          One alert for a template, not a thousand: the same field changing the same way on many pages in one window. A change closes itself when it is
          reverted; mark it intended when it was meant.
        </p>
        <SiteChangesList projectRef={ref} deploys={deploys.data?.data ?? []} />
      </section>
      <section aria-labelledby="robots-watch-heading" className="space-y-2">
        <h2 id="robots-watch-heading" className="text-lg font-semibold text-slate-900">robots.txt</h2>
        <p className="text-sm text-slate-600">
          Every version of robots.txt, with its diff and what it blocks: <Link href={`/projects/${projectId}/changes/robots`} className="text-brand-700 underline underline-offset-2">robots.txt versions</Link>.
        </p>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="sentinels-heading" className="space-y-3">
          <h2 id="sentinels-heading" className="text-lg font-semibold text-slate-900">Sentinel pages</h2>
          <Card><SentinelsPanel projectRef={ref} /></Card>
        </section>
        <section aria-labelledby="deploys-heading" className="space-y-3">
          <h2 id="deploys-heading" className="text-lg font-semibold text-slate-900">Deploys</h2>
          <Card><DeployMarkers deploys={deploys.data?.data ?? []} total={deploys.data?.meta.total ?? 0} /></Card>
        </section>
      </div>
    </div>
  );
}
