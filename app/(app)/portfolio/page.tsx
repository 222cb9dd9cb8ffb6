import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getPortfolio } from "@/lib/portfolio/get-portfolio";
import type { PortfolioQuery } from "@/lib/portfolio/schemas";
import { portfolioQuery } from "@/lib/queries/portfolio";
import { getQueryClient } from "@/lib/queries/query-client";
import { PortfolioClient } from "@/components/portfolio/portfolio-client";
import { orgPage } from "../projects/org-ctx";
import { portfolioParams } from "./search-params";

export const metadata: Metadata = { title: "Portfolio" };

export default async function PortfolioPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { org, ctx } = await orgPage();
  const params = portfolioParams(await searchParams);
  const queryClient = getQueryClient();
  if (ctx && org) {
    const query: PortfolioQuery = { sort: params.sort, q: params.q || undefined };
    // A failure is left to the client, which shows it with a retry.
    await queryClient.prefetchQuery({ ...portfolioQuery(org.id, params), queryFn: () => getPortfolio(ctx, query) });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PortfolioClient orgId={org?.id ?? null} orgName={org?.name ?? ""} initial={params} />
    </HydrationBoundary>
  );
}
