import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/queries/query-client";
import { renderingQuery } from "@/lib/queries/rendering";
import { getRendering } from "@/lib/rendering/overview";
import { projectOr404 } from "../project-or-404";
import { RenderingClient } from "./client";

export const metadata: Metadata = { title: "Rendering" };

export default async function RenderingPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...renderingQuery(ref), queryFn: () => getRendering(ctx, projectId) });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <RenderingClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
