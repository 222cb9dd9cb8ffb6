import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreatedWebhookResponse, createWebhookBody, DeliveryResponse, updateWebhookBody, WebhookResponse } from "@/lib/webhooks/schemas";
import type { PaginationMeta } from "@/lib/core/pagination";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";

export type Webhook = WebhookResponse;
export type CreatedWebhook = z.infer<typeof CreatedWebhookResponse>;
export type Delivery = DeliveryResponse;
export type CreateWebhookInput = z.input<typeof createWebhookBody>;
export type UpdateWebhookInput = z.input<typeof updateWebhookBody>;

const base = (organizationId: string) => `/api/user/organizations/${organizationId}/webhooks`;

export const webhookKeys = {
  all: (organizationId: string) => ["webhooks", organizationId] as const,
  list: (organizationId: string) => [...webhookKeys.all(organizationId), "list"] as const,
  deliveries: (organizationId: string, webhookId: string, offset: number) => [...webhookKeys.all(organizationId), "deliveries", webhookId, offset] as const,
};

export const webhooksQuery = (organizationId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(organizationId),
    queryFn: ({ signal }) => fetchApi<Webhook[]>(`${base(organizationId)}?limit=100`, { signal }),
  });

export const DELIVERIES_PAGE = 20;
export const deliveriesQuery = (organizationId: string, webhookId: string, offset: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(organizationId, webhookId, offset),
    queryFn: async ({ signal }) => {
      const r = await fetchApiEnvelope<Delivery[]>(`${base(organizationId)}/${webhookId}/deliveries?offset=${offset}&limit=${DELIVERIES_PAGE}`, { signal });
      return { data: r.data, meta: r.meta as PaginationMeta };
    },
    placeholderData: keepPreviousData,
    // Retries happen in the background: keep the log fresh while it is open.
    refetchInterval: 15_000,
  });

export const createWebhook = (organizationId: string, input: CreateWebhookInput) => fetchApi<CreatedWebhook>(base(organizationId), { method: "POST", body: input });
export const updateWebhook = (organizationId: string, id: string, input: UpdateWebhookInput) => fetchApi<Webhook>(`${base(organizationId)}/${id}`, { method: "PATCH", body: input });
export const deleteWebhook = (organizationId: string, id: string) => fetchApi<{ id: string; deleted: true }>(`${base(organizationId)}/${id}`, { method: "DELETE" });
export const rotateWebhookSecret = (organizationId: string, id: string, keepPreviousHours: number) =>
  fetchApi<CreatedWebhook>(`${base(organizationId)}/${id}/rotate-secret`, { method: "POST", body: { keepPreviousHours } });
export const sendTestEvent = (organizationId: string, id: string) => fetchApi<Delivery>(`${base(organizationId)}/${id}/test`, { method: "POST" });
export const replayDelivery = (organizationId: string, id: string, deliveryId: string) =>
  fetchApi<Delivery>(`${base(organizationId)}/${id}/deliveries/${deliveryId}/replay`, { method: "POST" });
