import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Channel } from "@/lib/notifications/channels";
import type { NotificationResponse } from "@/lib/notifications/schemas";
import type { NotificationTypeValue } from "@/lib/notifications/types";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";
import type { Paged } from "./urls";

export type Notification = NotificationResponse;
export type Preferences = Record<NotificationTypeValue, Partial<Record<Channel, boolean>>>;

export const notificationKeys = {
  all: ["notifications"] as const,
  count: () => [...notificationKeys.all, "unread-count"] as const,
  list: (unread: boolean, offset: number) => [...notificationKeys.all, "list", unread, offset] as const,
  preferences: () => [...notificationKeys.all, "preferences"] as const,
  email: () => [...notificationKeys.all, "email"] as const,
};

export const NOTIFICATIONS_PAGE = 20;

export const unreadCountQuery = () =>
  queryOptions({ queryKey: notificationKeys.count(), queryFn: ({ signal }) => fetchApi<{ count: number }>("/api/user/notifications/unread-count", { signal }), refetchInterval: 60_000 });

export const notificationsQuery = (unread: boolean, offset: number) =>
  queryOptions({
    queryKey: notificationKeys.list(unread, offset),
    queryFn: async ({ signal }): Promise<Paged<Notification>> => {
      const { data, meta } = await fetchApiEnvelope<Notification[]>(`/api/user/notifications?offset=${offset}&limit=${NOTIFICATIONS_PAGE}${unread ? "&unread=true" : ""}`, { signal });
      return { data, meta: meta ?? { total: data.length, offset, limit: NOTIFICATIONS_PAGE, hasMore: false } };
    },
    placeholderData: keepPreviousData,
  });

export const markNotificationsRead = (ids?: string[]) =>
  fetchApi<{ updated: number }>("/api/user/notifications/mark-read", { method: "POST", body: ids ? { ids } : {} });

export const preferencesQuery = () =>
  queryOptions({ queryKey: notificationKeys.preferences(), queryFn: ({ signal }) => fetchApi<Preferences>("/api/user/notifications/preferences", { signal }) });

export const updatePreference = (type: NotificationTypeValue, channel: Channel, enabled: boolean) =>
  fetchApi<Preferences>("/api/user/notifications/preferences", { method: "PATCH", body: { preferences: [{ type, channel, enabled }] } });

export const emailPreferencesQuery = () =>
  queryOptions({ queryKey: notificationKeys.email(), queryFn: ({ signal }) => fetchApi<{ marketingOptOut: boolean }>("/api/user/me/email-preferences", { signal }) });

export const updateEmailPreferences = (marketingOptOut: boolean) =>
  fetchApi<{ marketingOptOut: boolean }>("/api/user/me/email-preferences", { method: "PATCH", body: { marketingOptOut } });

/** The server's web push key; null when this server has no web push (the settings page shows push off). */
export const pushPublicKeyQuery = () =>
  queryOptions({ queryKey: ["push-public-key"], queryFn: ({ signal }) => fetchApi<{ publicKey: string | null }>("/api/user/notifications/push/public-key", { signal }) });
