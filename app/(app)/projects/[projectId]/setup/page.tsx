import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { initialSetupStep } from "@/components/projects/setup/steps";
import { projectQuery } from "@/lib/queries/projects";
import { getQueryClient } from "@/lib/queries/query-client";
import { verificationQuery } from "@/lib/queries/verification";
import { getVerification } from "@/lib/verification";
import { projectOr404 } from "../project-or-404";
import { SetupClient } from "./client";

export const metadata: Metadata = { title: "Set up project" };

export default async function ProjectSetupPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx, project } = await projectOr404(projectId);
  const queryClient = getQueryClient();
  queryClient.setQueryData(projectQuery(org.id, project.id).queryKey, project);
  await queryClient.prefetchQuery({ ...verificationQuery(org.id, project.id), queryFn: () => getVerification(ctx, project.id) });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SetupClient orgId={org.id} projectId={project.id} initialStep={initialSetupStep(project)} creditBalance={org.creditBalance} />
    </HydrationBoundary>
  );
}
