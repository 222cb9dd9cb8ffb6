import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/queries/query-client";
import { removalsQuery } from "@/lib/queries/removals";
import { listRemovals } from "@/lib/removals/read-removals";
import { projectOr404 } from "../project-or-404";
import { RemovalsClient, REMOVALS_PAGE } from "./client";

export const metadata: Metadata = { title: "Removals" };

export default async function RemovalsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...removalsQuery(ref, REMOVALS_PAGE), queryFn: () => listRemovals(ctx, projectId, REMOVALS_PAGE) });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <RemovalsClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
