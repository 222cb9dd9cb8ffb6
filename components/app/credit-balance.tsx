"use client";

import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { creditBalanceQuery } from "@/lib/queries/organization";

/**
 * The header's credit balance. The server renders it (`initial`); in the browser it is a query, so whatever spends
 * credits (Inspect now, a check again being inspected) invalidates or polls the same key and the header follows
 * without reloading the page. A newer server render (a navigation) brings its own value.
 */
export function CreditBalance({ organizationId, initial }: { organizationId: string; initial: number }) {
  const queryClient = useQueryClient();
  // Scheduled inspections and syncs spend in the background: read again every minute, not only after our own spends.
  const balance = useQuery({ ...creditBalanceQuery(organizationId), initialData: initial, staleTime: 30_000, refetchInterval: 60_000 });
  useEffect(() => {
    queryClient.setQueryData(creditBalanceQuery(organizationId).queryKey, initial);
  }, [initial, organizationId, queryClient]);
  return (
    <p className="text-sm" data-testid="credit-balance">
      <span className="text-slate-600">Credits </span>
      <strong className="font-semibold tabular-nums">{balance.data.toLocaleString("en-US")}</strong>
    </p>
  );
}

/**
 * A balance read elsewhere (the activation preview beside Inspect now and Check again) becomes the header's when it is
 * the newer of the two, so the dialog and the header never show two balances side by side.
 */
export function useBalanceAgreement(organizationId: string, balance: number | undefined, readAt: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (balance === undefined || readAt === 0) return;
    const key = creditBalanceQuery(organizationId).queryKey;
    const header = queryClient.getQueryState(key);
    if (!header || header.dataUpdatedAt < readAt) queryClient.setQueryData(key, balance, { updatedAt: readAt });
  }, [balance, readAt, organizationId, queryClient]);
}
