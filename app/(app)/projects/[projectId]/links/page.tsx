import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { BROKEN_PAGE } from "@/components/links/broken-links";
import { UNLISTED_PAGE } from "@/components/links/unlisted-pages";
import { listBrokenLinks, listUnlistedPages } from "@/lib/links/read-links";
import { brokenLinksQuery, unlistedPagesQuery } from "@/lib/queries/links";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../project-or-404";
import { LinksClient } from "./client";

export const metadata: Metadata = { title: "Links" };

export default async function LinksPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...brokenLinksQuery(ref, BROKEN_PAGE), queryFn: () => listBrokenLinks(ctx, projectId, BROKEN_PAGE) }),
    queryClient.prefetchQuery({ ...unlistedPagesQuery(ref, UNLISTED_PAGE), queryFn: () => listUnlistedPages(ctx, projectId, UNLISTED_PAGE) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <LinksClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
