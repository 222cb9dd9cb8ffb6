import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { listIssues } from "@/lib/issues/list-issues";
import { getActivationPreview } from "@/lib/projects/get-activation-preview";
import { activationPreviewQuery } from "@/lib/queries/automation";
import { projectQuery, projectStatsQuery, TOP_ISSUES, topIssuesQuery } from "@/lib/queries/projects";
import { getQueryClient } from "@/lib/queries/query-client";
import { getStats } from "@/lib/stats/get-stats";
import { OverviewClient } from "./client";
import { projectOr404 } from "./project-or-404";

export const metadata: Metadata = { title: "Project overview" };

/** The time of this request: the sync button's first render uses it on both sides, so the markup matches. */
const requestTime = () => Date.now();

export default async function ProjectOverviewPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx, project } = await projectOr404(projectId);
  // First open of a project nobody has set up yet: the wizard (it probes the site at once, so this happens once).
  if (!project.verified && !project.lastAvailabilityCheckAt) redirect(`/projects/${project.id}/setup`);

  const queryClient = getQueryClient();
  queryClient.setQueryData(projectQuery(org.id, project.id).queryKey, project);
  await Promise.all([
    queryClient.prefetchQuery({ ...projectStatsQuery(org.id, project.id), queryFn: () => getStats(ctx, project.id) }),
    queryClient.prefetchQuery({ ...activationPreviewQuery(org.id, project.id), queryFn: () => getActivationPreview(ctx, project.id) }),
    queryClient.prefetchQuery({
      ...topIssuesQuery(org.id, project.id),
      queryFn: async () => {
        const { data, meta } = await listIssues(ctx, project.id, { status: "open", offset: 0, limit: TOP_ISSUES });
        return { data, total: meta.total };
      },
    }),
  ]);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <OverviewClient orgId={org.id} projectId={project.id} serverNow={requestTime()} />
    </HydrationBoundary>
  );
}
