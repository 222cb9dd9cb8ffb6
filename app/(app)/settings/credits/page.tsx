import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/empty-state";
import { getCreditForecast } from "@/lib/credit-usage/get-forecast";
import { getCreditUsage } from "@/lib/credit-usage/get-usage";
import { listLedger } from "@/lib/credit-usage/list-ledger";
import { forecastQuery, ledgerQuery, usageQuery } from "@/lib/queries/credits";
import { getQueryClient } from "@/lib/queries/query-client";
import { orgPage } from "../../projects/org-ctx";
import { CreditsClient } from "./client";
import { ledgerRange, ledgerSearch } from "./search-params";

export const metadata: Metadata = { title: "Credits" };

export default async function CreditsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const { org, ctx } = await orgPage();
  if (!org || !ctx) return <EmptyState title="No organization">Credits belong to an organization; create one with the + next to the organization menu.</EmptyState>;
  const { page, kind } = ledgerSearch((k) => { const v = sp[k]; return Array.isArray(v) ? v[0] : v; });
  const range = ledgerRange(page);
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...ledgerQuery(org.id, range, kind), queryFn: () => listLedger(ctx, { ...range, kind: kind ?? undefined }) }),
    queryClient.prefetchQuery({ ...usageQuery(org.id), queryFn: () => getCreditUsage(ctx, {}) }),
    queryClient.prefetchQuery({ ...forecastQuery(org.id), queryFn: () => getCreditForecast(ctx) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CreditsClient key={org.id} orgId={org.id} orgName={org.name} />
    </HydrationBoundary>
  );
}
