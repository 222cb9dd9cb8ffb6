import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { listUrlHistory } from "@/lib/inspections/list-url-history";
import { listUrlIssues } from "@/lib/urls/list-url-issues";
import { getActivationPreview } from "@/lib/projects/get-activation-preview";
import { activationPreviewQuery } from "@/lib/queries/automation";
import { getQueryClient } from "@/lib/queries/query-client";
import { HISTORY_PAGE, urlHistoryQuery, urlIssuesQuery, urlQuery, urlsQuery, type UrlHistoryEntry } from "@/lib/queries/urls";
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
  const { filters, sort, page, size, urlId } = parseUrlsSearch(fromRecord(sp));
  const range = pageRange(page, size);
  const queryClient = getQueryClient();
  // The list (exact total from the live counters where it can), then with ?url= the open panel's reads;
  // one after the other, as listUrls does, for the embedded database's sake.
  // The same filters and order as the client's query, so the hydrated list is the one it asks for.
  await queryClient.prefetchQuery({ ...urlsQuery(ref, filters, range, sort), queryFn: () => listUrls(ctx, projectId, { ...filters, ...range, sort: sort ?? undefined }) });
  if (urlId) {
    await queryClient.prefetchQuery({ ...urlQuery(ref, urlId), queryFn: () => getUrl(ctx, projectId, urlId) });
    await queryClient.prefetchQuery({ ...urlIssuesQuery(ref, urlId), queryFn: () => listUrlIssues(ctx, projectId, urlId) });
    await queryClient.prefetchQuery({
      ...urlHistoryQuery(ref, urlId),
      queryFn: async () => {
        const { data, meta } = await listUrlHistory(ctx, projectId, urlId, HISTORY_PAGE);
        return { data: data as UrlHistoryEntry[], meta };
      },
    });
    // The credit balance that enables "Inspect now".
    await queryClient.prefetchQuery({ ...activationPreviewQuery(org.id, projectId), queryFn: () => getActivationPreview(ctx, projectId) });
  }

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UrlsClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
