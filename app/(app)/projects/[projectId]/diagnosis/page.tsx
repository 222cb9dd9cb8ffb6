import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getDiagnosis } from "@/lib/diagnosis/get-diagnosis";
import { diagnosisQuery } from "@/lib/queries/diagnosis";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../project-or-404";
import { DiagnosisClient } from "./client";

export const metadata: Metadata = { title: "Why not indexed" };

export default async function DiagnosisPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...diagnosisQuery(ref, "engineA"), queryFn: () => getDiagnosis(ctx, projectId, "engineA") });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <DiagnosisClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
