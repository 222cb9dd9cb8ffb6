import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/queries/query-client";
import { reportScheduleQuery, SHARE_LINKS_PAGE, shareLinksQuery } from "@/lib/queries/reports";
import { getReportSchedule } from "@/lib/reports/get-report-schedule";
import { listShareLinks } from "@/lib/share-links/list-share-links";
import { projectOr404 } from "../project-or-404";
import { ClientReportsClient } from "./client";

export const metadata: Metadata = { title: "Client reports" };

export default async function ClientReportsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...shareLinksQuery(ref), queryFn: () => listShareLinks(ctx, projectId, SHARE_LINKS_PAGE) }),
    queryClient.prefetchQuery({ ...reportScheduleQuery(ref), queryFn: () => getReportSchedule(ctx, projectId) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ClientReportsClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
