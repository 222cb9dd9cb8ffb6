"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { StatGridSkeleton } from "@/components/ui/skeleton-blocks";
import { StatCard } from "@/components/ui/stat-card";
import { buttonClasses } from "@/components/ui/button";
import { projectStatsQuery, type Project } from "@/lib/queries/projects";
import { projectHref } from "../project-paths";
import { useReadOnly } from "../read-only";

/** The nine live counters as cards; they refresh every 30 s. Read-only (a share link): no links into the app. */
export function ProjectStatGrid({ orgId, project }: { orgId: string; project: Pick<Project, "id"> }) {
  const stats = useQuery(projectStatsQuery(orgId, project.id));
  const readOnly = useReadOnly();
  const urls = readOnly ? undefined : projectHref(project.id, "urls");
  const urlsWhere = (query: string) => urls && `${urls}?${query}`;

  return (
    <section aria-labelledby="counters-heading" className="space-y-3">
      <h2 id="counters-heading" className="text-lg font-semibold">
        Live counters
      </h2>
      {stats.isPending ? (
        <StatGridSkeleton label="Loading counters…" />
      ) : stats.isError ? (
        <div className="space-y-2">
          <ErrorAlert error={stats.error} />
          <Button variant="secondary" onClick={() => stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : stats.data.totalUrls === 0 && stats.data.openIssues === 0 && readOnly ? (
        <EmptyState headingLevel={3} title="No URLs tracked yet">Counters fill in once the site&apos;s pages are tracked.</EmptyState>
      ) : stats.data.totalUrls === 0 && stats.data.openIssues === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No URLs tracked yet"
          action={
            <>
              <Link href={projectHref(project.id, "setup")} className={buttonClasses("primary")}>
                Sync the sitemap
              </Link>
              <Link href={projectHref(project.id, "imports")} className={buttonClasses("secondary")}>
                Import a list of URLs
              </Link>
            </>
          }
        >
          Counters fill in once URLs are tracked: sync the sitemap (1 credit per new URL) or import a list of URLs for free.
        </EmptyState>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="project-stats">
          <StatCard label="Tracked URLs" value={stats.data.totalUrls} href={urls} />
          <StatCard label="Healthy" value={stats.data.healthyUrls} tone="good" href={urlsWhere("healthState=healthy")} />
          <StatCard label="Broken" value={stats.data.brokenUrls} tone={stats.data.brokenUrls > 0 ? "bad" : "neutral"} href={urlsWhere("counter=broken")} />
          <StatCard label="Redirected" value={stats.data.redirectedUrls} href={urlsWhere("healthState=redirected")} />
          <StatCard label="Indexed on Google or Bing" value={stats.data.indexedUrls} tone="good" href={urlsWhere("counter=indexed")} />
          <StatCard label="Not indexed" hint="Neither Google nor Bing" value={stats.data.notIndexedUrls} tone={stats.data.notIndexedUrls > 0 ? "warn" : "neutral"} href={urlsWhere("counter=not_indexed")} />
          <StatCard label="Stale" value={stats.data.staleUrls} hint="Missing from the sitemap" href={urlsWhere("isStale=true")} />
          <StatCard label="Open issues" value={stats.data.openIssues} tone={stats.data.openIssues > 0 ? "warn" : "neutral"} href={readOnly ? `${readOnly.base}/issues` : projectHref(project.id, "issues")} />
          <StatCard label="URLs with issues" value={stats.data.urlsWithIssues} href={urlsWhere("hasIssues=true")} />
        </div>
      )}
    </section>
  );
}
