import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { projectQuery } from "@/lib/queries/projects";
import { getQueryClient } from "@/lib/queries/query-client";
import { sitemapsQuery } from "@/lib/queries/sitemaps";
import { listSitemaps } from "@/lib/sitemaps/sync/list-sitemaps";
import { getSitemapCoverage } from "@/lib/sitemaps/coverage/get-sitemap-coverage";
import { sitemapCoverageQuery } from "@/lib/queries/portfolio";
import { projectOr404 } from "../project-or-404";
import { SitemapsClient } from "./client";

export const metadata: Metadata = { title: "Sitemaps" };

/** The time of this request: the sync card's first render uses it on both sides, so the markup matches. */
const requestTime = () => Date.now();

export default async function SitemapsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx, project } = await projectOr404(projectId);
  const queryClient = getQueryClient();
  // The project carries the sitemap URL and the last sync start (the 15-minute limit counts from it).
  queryClient.setQueryData(projectQuery(org.id, projectId).queryKey, project);
  await Promise.all([
    queryClient.prefetchQuery({ ...sitemapsQuery({ orgId: org.id, projectId }), queryFn: () => listSitemaps(ctx, projectId) }),
    queryClient.prefetchQuery({ ...sitemapCoverageQuery({ orgId: org.id, projectId }), queryFn: () => getSitemapCoverage(ctx, projectId) }),
  ]);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SitemapsClient orgId={org.id} projectId={projectId} serverNow={requestTime()} />
    </HydrationBoundary>
  );
}
