import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getIssue } from "@/lib/issues/get-issue";
import { listIssueUrls } from "@/lib/issues/list-issue-urls";
import { issueQuery, issueUrlsQuery } from "@/lib/queries/issues";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../../project-or-404";
import { fromRecord, issueUrlsPage } from "../search-params";
import { IssueClient } from "./client";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const metadata: Metadata = { title: "Issue" };

type Props = { params: Promise<{ projectId: string; issueId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function IssuePage({ params, searchParams }: Props) {
  const [{ projectId, issueId }, sp] = await Promise.all([params, searchParams]);
  const { org, ctx } = await projectOr404(projectId);
  if (!UUID.test(issueId)) notFound();
  const ref = { orgId: org.id, projectId };
  const page = issueUrlsPage(fromRecord(sp));
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...issueQuery(ref, issueId), queryFn: () => getIssue(ctx, projectId, issueId) });
  await queryClient.prefetchQuery({ ...issueUrlsQuery(ref, issueId, page), queryFn: () => listIssueUrls(ctx, projectId, issueId, page) });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <IssueClient orgId={org.id} projectId={projectId} issueId={issueId} />
    </HydrationBoundary>
  );
}
