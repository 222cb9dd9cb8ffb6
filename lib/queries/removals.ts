import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreateRemovalBody, CreateRemovalResponse, RemovalBatchResponse, RemovalImportResponse, RemovalsListMeta, RemovalSuggestion, RemovalUrlResponse,
} from "@/lib/removals/schemas";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type RemovalBatch = RemovalBatchResponse;
export type RemovalUrl = RemovalUrlResponse;
export type Suggestion = RemovalSuggestion;
export type CreatedRemoval = z.infer<typeof CreateRemovalResponse>;
export type RemovalsPage = { data: RemovalBatch[]; meta: RemovalsListMeta };
export type RemovalImport = RemovalImportResponse;
export type RemovalImportOptions = { intent?: string; redirectTarget?: string; stuckAfterDays?: number };

export const removalsPath = (p: ProjectPath, rest = "") => projectsPath(p.orgId, p.projectId, `/removals${rest}`);

export const removalKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "removals"] as const,
  list: (p: ProjectPath, page: Page) => [...removalKeys.all(p), "list", page] as const,
  urls: (p: ProjectPath, id: string, page: Page, state: string) => [...removalKeys.all(p), "urls", id, page, state] as const,
  ofUrl: (p: ProjectPath, urlId: string) => [...removalKeys.all(p), "url", urlId] as const,
};

export async function fetchRemovals(p: ProjectPath, page: Page, signal?: AbortSignal): Promise<RemovalsPage> {
  const { data, meta } = await fetchApiEnvelope<RemovalBatch[]>(removalsPath(p, queryString(page)), { signal });
  return { data, meta: meta as unknown as RemovalsListMeta };
}

export const removalsQuery = (p: ProjectPath, page: Page) =>
  queryOptions({ queryKey: removalKeys.list(p, page), queryFn: ({ signal }) => fetchRemovals(p, page, signal), placeholderData: keepPreviousData });

export const removalUrlsQuery = (p: ProjectPath, id: string, page: Page, state = "") =>
  queryOptions({
    queryKey: removalKeys.urls(p, id, page, state),
    queryFn: ({ signal }) => fetchPage<RemovalUrl>(removalsPath(p, `/${id}/urls${queryString({ state: state || undefined, ...page })}`), page, signal),
    placeholderData: keepPreviousData,
  });

export const urlRemovalsQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({
    queryKey: removalKeys.ofUrl(p, urlId),
    queryFn: ({ signal }) => fetchApi<RemovalUrl[]>(projectsPath(p.orgId, p.projectId, `/urls/${urlId}/removals`), { signal }),
  });

export const declareRemoval = (p: ProjectPath, body: CreateRemovalBody) => fetchApi<CreatedRemoval>(removalsPath(p), { method: "POST", body });
export const cancelRemoval = (p: ProjectPath, id: string) => fetchApi<RemovalBatch>(removalsPath(p, `/${id}`), { method: "DELETE" });

/** POST removals/import: the file as multipart; `preview` reads and sorts it, declaring nothing. */
export function importRemovals(p: ProjectPath, file: File, options: RemovalImportOptions, preview: boolean) {
  const form = new FormData();
  form.append("file", file, file.name);
  const q = queryString({ preview: preview ? "true" : undefined, ...options });
  return fetchApi<RemovalImport>(removalsPath(p, `/import${q}`), { method: "POST", body: form });
}
