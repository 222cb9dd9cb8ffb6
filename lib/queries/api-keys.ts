import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiKeyResponse, createApiKeyBody, CreatedApiKeyResponse, updateApiKeyBody } from "@/lib/api-keys/schemas";
import { fetchApi } from "./fetch-api";

export type ApiKey = ApiKeyResponse;
export type CreatedApiKey = z.infer<typeof CreatedApiKeyResponse>;
export type CreateApiKeyInput = z.input<typeof createApiKeyBody>;
export type UpdateApiKeyInput = z.input<typeof updateApiKeyBody>;

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: () => [...apiKeyKeys.all, "list"] as const,
};

/** The caller's keys, newest first; the server prefetches it with `listApiKeys` as queryFn. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => fetchApi<ApiKey[]>("/api/auth/api-key/list", { signal }),
  });

export const createApiKey = (input: CreateApiKeyInput) => fetchApi<CreatedApiKey>("/api/auth/api-key/create", { method: "POST", body: input });

export const updateApiKey = (input: UpdateApiKeyInput) => fetchApi<ApiKey>("/api/auth/api-key/update", { method: "POST", body: input });

export const deleteApiKey = (id: string) => fetchApi<{ success: true }>("/api/auth/api-key/delete", { method: "POST", body: { id } });
