import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { PaginationMeta } from "@/lib/api/envelope";
import type { UrlIssueResponse } from "@/lib/issues/schemas";
import type { AdmitUrlsResponse, TrackedUrlResponse, UrlFilters } from "@/lib/urls/schemas";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";

export type TrackedUrl = TrackedUrlResponse;
export type UrlIssue = UrlIssueResponse;
export type AdmitResult = AdmitUrlsResponse;
export type { UrlFilters };
export type Paged<T> = { data: T[]; meta: PaginationMeta };
export type Page = { offset: number; limit: number };

/** The project a dashboard page works on: its API paths carry the organization too. */
export type ProjectRef = { orgId: string; projectId: string };

const path = (p: ProjectRef, rest: string) => projectsPath(p.orgId, p.projectId, rest);

/** `?k=v` of the defined values, in the given order (stable query keys and URLs). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : "";
}

/** GET a paginated list and keep its meta (a list without meta is one complete page). */
export async function fetchPage<T>(path: string, page: Page, signal?: AbortSignal): Promise<Paged<T>> {
  const { data, meta } = await fetchApiEnvelope<T[]>(path, { signal });
  return { data, meta: meta ?? { total: data.length, offset: page.offset, limit: page.limit, hasMore: false } };
}

export const urlKeys = {
  all: (p: ProjectRef) => [...projectKeys.project(p.orgId, p.projectId), "urls"] as const,
  list: (p: ProjectRef, filters: UrlFilters, page: Page) => [...urlKeys.all(p), "list", filters, page] as const,
  one: (p: ProjectRef, urlId: string) => [...urlKeys.all(p), "one", urlId] as const,
  issues: (p: ProjectRef, urlId: string) => [...urlKeys.all(p), "issues", urlId] as const,
};

/** A page of tracked URLs under the filters; the server prefetches it with `listUrls`. */
export const urlsQuery = (p: ProjectRef, filters: UrlFilters, page: Page) =>
  queryOptions({
    queryKey: urlKeys.list(p, filters, page),
    queryFn: ({ signal }) => fetchPage<TrackedUrl>(path(p, `/urls${queryString({ ...filters, ...page })}`), page, signal),
    placeholderData: keepPreviousData,
  });

export const urlQuery = (p: ProjectRef, urlId: string) =>
  queryOptions({
    queryKey: urlKeys.one(p, urlId),
    queryFn: ({ signal }) => fetchApi<TrackedUrl>(path(p, `/urls/${urlId}`), { signal }),
  });

/** The URL's open issue memberships with their groups. */
export const urlIssuesQuery = (p: ProjectRef, urlId: string) =>
  queryOptions({
    queryKey: urlKeys.issues(p, urlId),
    queryFn: ({ signal }) => fetchApi<UrlIssue[]>(path(p, `/urls/${urlId}/issues`), { signal }),
  });

export const admitUrls = (p: ProjectRef, urls: string[]) => fetchApi<AdmitResult>(path(p, "/urls"), { method: "POST", body: { urls } });
