import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { appBaseUrl } from "@/lib/core/app-base-url";
import { getCrawlActivity } from "@/lib/crawl-logs/aggregate/get-crawl-activity";
import { getIngestTokenStatus } from "@/lib/crawl-logs/store/ingest-token";
import { listCrawlHighlights } from "@/lib/crawl-logs/aggregate/list-crawl-highlights";
import { listLogImports } from "@/lib/crawl-logs/store/list-log-imports";
import { listUntrackedCrawledUrls } from "@/lib/crawl-logs/aggregate/list-untracked-crawled-urls";
import { crawlActivityQuery, logImportsQuery, untrackedCrawledQuery } from "@/lib/queries/crawl";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../project-or-404";
import { CrawlClient } from "./client";
import { IMPORTS_PAGE, UNTRACKED_PAGE } from "./search-params";

export const metadata: Metadata = { title: "Crawl activity" };

export default async function CrawlPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const queryClient = getQueryClient();
  const [highlights, token] = await Promise.all([
    listCrawlHighlights(ctx, projectId),
    getIngestTokenStatus(ctx, projectId),
    queryClient.prefetchQuery({ ...crawlActivityQuery(ref, 30), queryFn: () => getCrawlActivity(ctx, projectId, { days: 30 }) }),
    queryClient.prefetchQuery({ ...logImportsQuery(ref, IMPORTS_PAGE), queryFn: () => listLogImports(ctx, projectId, IMPORTS_PAGE) }),
    queryClient.prefetchQuery({ ...untrackedCrawledQuery(ref, UNTRACKED_PAGE), queryFn: () => listUntrackedCrawledUrls(ctx, projectId, UNTRACKED_PAGE) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CrawlClient orgId={org.id} projectId={projectId} highlights={highlights} token={token} pushUrl={`${appBaseUrl()}/api/ingest/logs`} />
    </HydrationBoundary>
  );
}
