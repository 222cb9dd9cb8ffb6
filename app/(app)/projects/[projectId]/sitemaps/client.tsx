"use client";

import { useQuery } from "@tanstack/react-query";
import { SitemapCoverageTables } from "@/components/sitemaps/sitemap-coverage";
import { SitemapSyncCard } from "@/components/sitemaps/sitemap-sync-card";
import { SitemapTree } from "@/components/sitemaps/sitemap-tree";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { projectQuery } from "@/lib/queries/projects";
import { sitemapsQuery } from "@/lib/queries/sitemaps";
import { sitemapCoverageQuery } from "@/lib/queries/portfolio";

export function SitemapsClient({ orgId, projectId, serverNow }: { orgId: string; projectId: string; serverNow: number }) {
  const project = useQuery(projectQuery(orgId, projectId));
  const sitemaps = useQuery(sitemapsQuery({ orgId, projectId }));
  const coverage = useQuery(sitemapCoverageQuery({ orgId, projectId }));

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Sitemaps</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">
          A sync reads the project&apos;s sitemap and those listed in robots.txt, adds new URLs on the project&apos;s domain (1 credit each) and marks
          URLs missing from every sitemap.
        </p>
      </div>

      {project.isError ? <ErrorAlert error={project.error} /> : project.data && <SitemapSyncCard project={project.data} serverNow={serverNow} />}

      <section aria-labelledby="sitemap-tree-heading" className="space-y-3">
        <h2 id="sitemap-tree-heading" className="text-lg font-semibold">Found sitemaps</h2>
        {sitemaps.isPending ? (
          <ListSkeleton label="Loading sitemaps…" rows={4} />
        ) : sitemaps.isError ? (
          <QueryError error={sitemaps.error} retry={sitemaps.refetch} />
        ) : sitemaps.data.length === 0 ? (
          <EmptyState title="No sitemaps read yet">
            Press <strong>Sync now</strong> to read {project.data ? <span className="wrap-anywhere font-mono">{project.data.sitemapUrl}</span> : "the sitemap"} and the
            sitemaps named in robots.txt; each one found is listed here with its status.
          </EmptyState>
        ) : (
          <SitemapTree sitemaps={sitemaps.data} />
        )}
      </section>

      <section aria-labelledby="sitemap-coverage-heading" className="space-y-3">
        <h2 id="sitemap-coverage-heading" className="text-lg font-semibold">Indexed per sitemap and section</h2>
        {coverage.isPending ? (
          <ListSkeleton label="Loading the coverage…" rows={4} />
        ) : coverage.isError ? (
          <QueryError error={coverage.error} retry={coverage.refetch} />
        ) : coverage.data.totals.urls === 0 ? (
          <EmptyState title="No tracked URLs yet" headingLevel={3}>
            Once a sync has read the sitemaps, this shows how many of each sitemap&apos;s and each section&apos;s URLs Google and Bing have indexed.
          </EmptyState>
        ) : (
          <SitemapCoverageTables coverage={coverage.data} />
        )}
      </section>
    </div>
  );
}
