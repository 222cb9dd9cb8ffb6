import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { listIssues } from "@/lib/issues/list-issues";
import { ALL_GROUPS, issuesQuery } from "@/lib/queries/issues";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../project-or-404";
import { IssuesClient } from "./client";
import { fromRecord, issueFilters, statusTabFrom } from "./search-params";

export const metadata: Metadata = { title: "Issues" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function IssuesPage({ params, searchParams }: Props) {
  const [{ projectId }, sp] = await Promise.all([params, searchParams]);
  const { org, ctx } = await projectOr404(projectId);
  const filters = issueFilters(statusTabFrom(fromRecord(sp)));
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({
    ...issuesQuery({ orgId: org.id, projectId }, filters),
    queryFn: () => listIssues(ctx, projectId, { ...ALL_GROUPS, ...filters }),
  });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <IssuesClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
