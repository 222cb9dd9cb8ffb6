import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { listSubmissions } from "@/lib/indexnow/list-submissions";
import { getQueryClient } from "@/lib/queries/query-client";
import { submissionsQuery } from "@/lib/queries/submissions";
import { projectOr404 } from "../project-or-404";
import { SubmissionsClient } from "./client";
import { pageFrom, submissionsRange } from "./search-params";

export const metadata: Metadata = { title: "Submissions" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SubmissionsPage({ params, searchParams }: Props) {
  const [{ projectId }, sp] = await Promise.all([params, searchParams]);
  const { org, ctx, project } = await projectOr404(projectId);
  const range = submissionsRange(pageFrom(sp.page));
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...submissionsQuery({ orgId: org.id, projectId }, range), queryFn: () => listSubmissions(ctx, projectId, range) });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SubmissionsClient orgId={org.id} projectId={projectId} keyVerified={Boolean(project.indexNowKeyVerifiedAt)} />
    </HydrationBoundary>
  );
}
