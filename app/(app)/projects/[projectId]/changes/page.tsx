import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/queries/query-client";
import { deploysQuery, siteChangesQuery } from "@/lib/queries/site-changes";
import { listDeploys } from "@/lib/site-watch/deploys";
import { listSiteChanges } from "@/lib/site-watch/site-changes-read";
import { SITE_CHANGES_PAGE } from "@/components/site-watch/site-changes-list";
import { projectOr404 } from "../project-or-404";
import { ChangesClient, DEPLOYS_PAGE } from "./client";

export const metadata: Metadata = { title: "Changes" };

export default async function ChangesPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...siteChangesQuery(ref, SITE_CHANGES_PAGE), queryFn: () => listSiteChanges(ctx, projectId, SITE_CHANGES_PAGE) }),
    queryClient.prefetchQuery({ ...deploysQuery(ref, DEPLOYS_PAGE), queryFn: () => listDeploys(ctx, projectId, DEPLOYS_PAGE) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ChangesClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
