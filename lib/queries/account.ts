import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { PaginationMeta } from "@/lib/core/pagination";
import type { AccountDeletionScheduled, LoginHistoryEntry, UserResponse } from "@/lib/users/schemas";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";

export type Me = UserResponse;
export type LoginHistoryItem = z.infer<typeof LoginHistoryEntry>;
export type LoginHistoryPage = { data: LoginHistoryItem[]; meta: PaginationMeta };
export type DeletionScheduled = z.infer<typeof AccountDeletionScheduled>;
export type Page = { offset: number; limit: number };

export const accountKeys = {
  all: ["account"] as const,
  me: () => [...accountKeys.all, "me"] as const,
  loginHistories: () => [...accountKeys.all, "login-history"] as const,
  loginHistory: (page: Page) => [...accountKeys.loginHistories(), page] as const,
};

/** GET /api/user/me; the server prefetches it with `getMe`. */
export const meQuery = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => fetchApi<Me>("/api/user/me", { signal }),
  });

/** One page of the login history, newest first; the server prefetches it with `listLoginHistory`. */
export const loginHistoryQuery = (page: Page) =>
  queryOptions({
    queryKey: accountKeys.loginHistory(page),
    queryFn: async ({ signal }): Promise<LoginHistoryPage> => {
      const qs = new URLSearchParams({ offset: String(page.offset), limit: String(page.limit) });
      const { data, meta } = await fetchApiEnvelope<LoginHistoryItem[]>(`/api/user/me/login-history?${qs}`, { signal });
      return { data, meta: meta ?? { total: data.length, offset: page.offset, limit: page.limit, hasMore: false } };
    },
    placeholderData: keepPreviousData,
  });

/** The GDPR export: everything held about the user, as the API answers it. */
export const exportMyData = () => fetchApi<Record<string, unknown>>("/api/user/me/export");

/** Schedules deletion in 30 days; the API revokes every session and key at once. */
export const deleteMyAccount = () => fetchApi<DeletionScheduled>("/api/user/me", { method: "DELETE" });
