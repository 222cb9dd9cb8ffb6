import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { loginHistoryQuery, meQuery } from "@/lib/queries/account";
import { getQueryClient } from "@/lib/queries/query-client";
import { getMe } from "@/lib/users/get-me";
import { listLoginHistory } from "@/lib/users/login-history";
import { requireUser } from "../../session";
import { AccountClient } from "./client";
import { historyPageFrom, historyRange } from "./search-params";

export const metadata: Metadata = { title: "Account settings" };

export default async function AccountSettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser();
  const range = historyRange(historyPageFrom((await searchParams).page));
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({ ...meQuery(), queryFn: () => getMe(user.id) }),
    queryClient.prefetchQuery({ ...loginHistoryQuery(range), queryFn: () => listLoginHistory(user.id, range) }),
  ]);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AccountClient />
    </HydrationBoundary>
  );
}
