import { keepPreviousData, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { CreditForecast, CreditUsage, LedgerEntry } from "@/lib/credit-usage/schemas";
import { fetchApi } from "./fetch-api";
import { creditBalanceQuery } from "./organization";
import { projectKeys } from "./projects";
import { fetchPage, queryString, type Page } from "./urls";

export type { CreditForecast, CreditUsage, LedgerEntry };
export type LedgerKind = LedgerEntry["kind"];

const base = (orgId: string) => `/api/user/organizations/${encodeURIComponent(orgId)}/credits`;

export const creditKeys = {
  all: (orgId: string) => [...projectKeys.org(orgId), "credits"] as const,
  ledger: (orgId: string, page: Page, kind: LedgerKind | null) => [...creditKeys.all(orgId), "ledger", page, kind] as const,
  usage: (orgId: string) => [...creditKeys.all(orgId), "usage"] as const,
  forecast: (orgId: string) => [...creditKeys.all(orgId), "forecast"] as const,
};

/** A page of the ledger, newest first, optionally of one kind; the server prefetches it with `listLedger`. */
export const ledgerQuery = (orgId: string, page: Page, kind: LedgerKind | null) =>
  queryOptions({
    queryKey: creditKeys.ledger(orgId, page, kind),
    queryFn: ({ signal }) => fetchPage<LedgerEntry>(`${base(orgId)}/ledger${queryString({ ...page, ...(kind ? { kind } : {}) })}`, page, signal),
    placeholderData: keepPreviousData,
  });

/** The last 30 days of credits added and spent; the server prefetches it with `getCreditUsage`. */
export const usageQuery = (orgId: string) =>
  queryOptions({ queryKey: creditKeys.usage(orgId), queryFn: ({ signal }) => fetchApi<CreditUsage>(`${base(orgId)}/usage`, { signal }) });

/** The cost of the next cycle and 30 days of scheduled inspections; the server prefetches it with `getCreditForecast`. */
export const forecastQuery = (orgId: string) =>
  queryOptions({ queryKey: creditKeys.forecast(orgId), queryFn: ({ signal }) => fetchApi<CreditForecast>(`${base(orgId)}/forecast`, { signal }) });

/**
 * Whatever spends or returns credits (a sync admitting URLs, an inspection, URLs admitted by hand) calls this: the header's
 * balance, the Credits page's ledger, usage and forecast are read again, so no number lags the one just shown.
 */
export const creditsMoved = (queryClient: QueryClient, orgId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: creditBalanceQuery(orgId).queryKey }),
    queryClient.invalidateQueries({ queryKey: creditKeys.all(orgId) }),
  ]);
