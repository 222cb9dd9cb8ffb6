import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/queries/query-client";
import { seedUrlDetail, urlDetailQuery } from "@/lib/queries/url-detail";
import { urlsQuery } from "@/lib/queries/urls";
import { getUrlDetail } from "@/lib/url-detail/get-url-detail";
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
  const { filters, sort, page, size, urlId } = parseUrlsSearch(fromRecord(sp));
  const range = pageRange(page, size);
  const queryClient = getQueryClient();
  // The list (exact total from the live counters where it can), then the open panel's read.
  // The same filters and order as the client's query, so the hydrated list is the one it asks for.
  await queryClient.prefetchQuery({ ...urlsQuery(ref, filters, range, sort), queryFn: () => listUrls(ctx, projectId, { ...filters, ...range, sort: sort ?? undefined }) });
  // With ?url=, the open panel's one read, seeded where its parts look (a bad id is the panel's to say: no prefetch).
  if (urlId) {
    const detail = await getUrlDetail(ctx, projectId, urlId).catch(() => null);
    if (detail) {
      seedUrlDetail(queryClient, ref, urlId, detail);
      queryClient.setQueryData(urlDetailQuery(ref, urlId).queryKey, detail.url.id);
    }
  }

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UrlsClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
