import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { listProjects } from "@/lib/projects/list-projects";
import { getStats } from "@/lib/stats/get-stats";
import { projectStatsQuery, projectsQuery } from "@/lib/queries/projects";
import { getQueryClient } from "@/lib/queries/query-client";
import { ProjectsClient } from "./client";
import { orgPage } from "./org-ctx";
import { projectListParams } from "./search-params";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { org, ctx } = await orgPage();
  const params = projectListParams(await searchParams);
  const queryClient = getQueryClient();
  if (ctx && org) {
    const page = await queryClient.fetchQuery({ ...projectsQuery(org.id, params), queryFn: () => listProjects(ctx, params) }).catch(() => null);
    // The counters of the rows on this page, so the list arrives complete.
    await Promise.all(
      (page?.data ?? []).map((p) => queryClient.prefetchQuery({ ...projectStatsQuery(org.id, p.id), queryFn: () => getStats(ctx, p.id) })),
    );
  }

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ProjectsClient orgId={org?.id ?? null} initial={params} />
    </HydrationBoundary>
  );
}
