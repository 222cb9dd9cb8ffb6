import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { listUrlIssues } from "@/lib/issues/list-url-issues";
import { getQueryClient } from "@/lib/queries/query-client";
import { urlIssuesQuery, urlQuery, urlsQuery } from "@/lib/queries/urls";
import { getUrl } from "@/lib/urls/get-url";
import { listUrls } from "@/lib/urls/list-urls";
import { projectOr404 } from "../project-or-404";
import { UrlsClient } from "./client";
import { fromRecord, pageRange, parseUrlsSearch } from "./search-params";

export const metadata: Metadata = { title: "URLs" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UrlsPage({ params, searchParams }: Props) {
  const [{ projectId }, sp] = await Promise.all([params, searchParams]);
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const { filters, page, urlId } = parseUrlsSearch(fromRecord(sp));
  const range = pageRange(page);
  const queryClient = getQueryClient();
  // The list (exact total from the live counters where it can), then with ?url= the open panel's two reads;
  // one after the other, as listUrls does, for the embedded database's sake.
  await queryClient.prefetchQuery({ ...urlsQuery(ref, filters, range), queryFn: () => listUrls(ctx, projectId, { ...filters, ...range }) });
  if (urlId) {
    await queryClient.prefetchQuery({ ...urlQuery(ref, urlId), queryFn: () => getUrl(ctx, projectId, urlId) });
    await queryClient.prefetchQuery({ ...urlIssuesQuery(ref, urlId), queryFn: () => listUrlIssues(ctx, projectId, urlId) });
  }

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UrlsClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
