import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getSubmission } from "@/lib/indexnow/get-submission";
import { listSubmissionUrls } from "@/lib/indexnow/list-submission-urls";
import { getQueryClient } from "@/lib/queries/query-client";
import { submissionQuery, submissionUrlsQuery } from "@/lib/queries/submissions";
import { projectOr404 } from "../../project-or-404";
import { pageFrom, submissionUrlsRange } from "../search-params";
import { SubmissionClient } from "./client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const metadata: Metadata = { title: "Submission" };

type Props = { params: Promise<{ projectId: string; submissionId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SubmissionPage({ params, searchParams }: Props) {
  const [{ projectId, submissionId }, sp] = await Promise.all([params, searchParams]);
  const { org, ctx } = await projectOr404(projectId);
  if (!UUID.test(submissionId)) notFound();
  const ref = { orgId: org.id, projectId };
  const range = submissionUrlsRange(pageFrom(sp.page));
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchQuery({ ...submissionQuery(ref, submissionId), queryFn: () => getSubmission(ctx, projectId, submissionId) });
  } catch {
    notFound();
  }
  await queryClient.prefetchQuery({ ...submissionUrlsQuery(ref, submissionId, range), queryFn: () => listSubmissionUrls(ctx, projectId, submissionId, range) });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SubmissionClient orgId={org.id} projectId={projectId} submissionId={submissionId} />
    </HydrationBoundary>
  );
}
