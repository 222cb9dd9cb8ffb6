import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getConnections } from "@/lib/connections";
import { connectionsQuery } from "@/lib/queries/connections";
import { projectQuery } from "@/lib/queries/projects";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../project-or-404";
import { ConnectionsClient } from "./client";

export const metadata: Metadata = { title: "Connections" };

export default async function ConnectionsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx, project } = await projectOr404(projectId);
  const queryClient = getQueryClient();
  queryClient.setQueryData(projectQuery(org.id, projectId).queryKey, project);
  await queryClient.prefetchQuery({ ...connectionsQuery(org.id, projectId), queryFn: () => getConnections(ctx, projectId) });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ConnectionsClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
