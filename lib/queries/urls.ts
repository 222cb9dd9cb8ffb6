import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { PaginationMeta } from "@/lib/core/pagination";
import type { UrlIssueResponse } from "@/lib/issues/schemas";
import type { AdmitUrlsResponse, TrackedUrlResponse, UrlExclusionResponse, UrlFilters } from "@/lib/urls/schemas";
import type { PerformanceDay } from "@/lib/search-analytics/schemas";
import type { UrlGoogleCheckResponse } from "@/lib/coverage/schemas";
import type { AuditState, InspectionSource } from "@/lib/inspections/schemas";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";

export type TrackedUrl = TrackedUrlResponse;
export type UrlGoogleCheck = UrlGoogleCheckResponse;
export type UrlIssue = UrlIssueResponse;
export type AdmitResult = AdmitUrlsResponse;
export type { AuditState, InspectionSource, PerformanceDay };

/** One observation of a URL, newest first in `GET …/urls/{urlId}/history`. */
export type UrlHistoryEntry =
  | { id: string; observedAt: string; kind: "audit"; state: AuditState; changed: string[]; source: string }
  | { id: string; observedAt: string; kind: "engineA" | "engineB"; state: Record<string, unknown>; changed: string[]; source: string };
export type QueueResult = { queued: number; alreadyQueued: number; unknown: number };
export type { UrlFilters };
export type Paged<T> = { data: T[]; meta: PaginationMeta };
export type Page = { offset: number; limit: number };

/** The project a dashboard page works on: its API paths carry the organization too. */
export type ProjectPath = { orgId: string; projectId: string };

const path = (p: ProjectPath, rest: string) => projectsPath(p.orgId, p.projectId, rest);

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
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "urls"] as const,
  list: (p: ProjectPath, filters: UrlFilters, page: Page, sort: string | null = null) => [...urlKeys.all(p), "list", filters, page, sort] as const,
  one: (p: ProjectPath, urlId: string) => [...urlKeys.all(p), "one", urlId] as const,
  issues: (p: ProjectPath, urlId: string) => [...urlKeys.all(p), "issues", urlId] as const,
  history: (p: ProjectPath, urlId: string) => [...urlKeys.all(p), "history", urlId] as const,
  historyPage: (p: ProjectPath, urlId: string, page: Page) => [...urlKeys.history(p, urlId), page] as const,
  performance: (p: ProjectPath, urlId: string, days: number) => [...urlKeys.all(p), "performance", urlId, days] as const,
  googleCheck: (p: ProjectPath, urlId: string) => [...urlKeys.all(p), "google-check", urlId] as const,
};

/** A page of tracked URLs under the filters, in `sort` order (null: discovery order); the server prefetches it with `listUrls`. */
export const urlsQuery = (p: ProjectPath, filters: UrlFilters, page: Page, sort: string | null = null) =>
  queryOptions({
    queryKey: urlKeys.list(p, filters, page, sort),
    queryFn: ({ signal }) => fetchPage<TrackedUrl>(path(p, `/urls${queryString({ ...filters, sort: sort ?? undefined, ...page })}`), page, signal),
    placeholderData: keepPreviousData,
  });

export const urlQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({
    queryKey: urlKeys.one(p, urlId),
    queryFn: ({ signal }) => fetchApi<TrackedUrl>(path(p, `/urls/${urlId}`), { signal }),
  });

/** The URL's open issue memberships with their groups. */
export const urlIssuesQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({
    queryKey: urlKeys.issues(p, urlId),
    queryFn: ({ signal }) => fetchApi<UrlIssue[]>(path(p, `/urls/${urlId}/issues`), { signal }),
  });

export const admitUrls = (p: ProjectPath, urls: string[]) => fetchApi<AdmitResult>(path(p, "/urls"), { method: "POST", body: { urls } });

/** Page size of a URL's history in the detail panel; its first page also carries the latest audit's hops and robots rule. */
export const HISTORY_PAGE: Page = { offset: 0, limit: 10 };

/** What the audits (and engines) saw of one URL over time, newest first. */
export const urlHistoryQuery = (p: ProjectPath, urlId: string, page: Page = HISTORY_PAGE) =>
  queryOptions({
    queryKey: urlKeys.historyPage(p, urlId, page),
    queryFn: ({ signal }) => fetchPage<UrlHistoryEntry>(path(p, `/urls/${urlId}/history${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });

/** The newest definitive answer of one engine for the URL (null when it never answered). */
export const latestEngineAnswerQuery = (p: ProjectPath, urlId: string, kind: "engineA" | "engineB") =>
  queryOptions({
    queryKey: [...urlKeys.history(p, urlId), "latest", kind] as const,
    queryFn: async ({ signal }) => {
      const page = await fetchPage<UrlHistoryEntry>(path(p, `/urls/${urlId}/history${queryString({ kind, offset: 0, limit: 1 })}`), { offset: 0, limit: 1 }, signal);
      return page.data[0] ?? null;
    },
  });

/** Why Google is (or was last) asked about the URL, and Google's last crawl of it. */
export const urlGoogleCheckQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({
    queryKey: urlKeys.googleCheck(p, urlId),
    queryFn: ({ signal }) => fetchApi<UrlGoogleCheck>(path(p, `/urls/${urlId}/google-check`), { signal }),
  });

/** The chart's ranges of a URL's Google Search performance, in days (the API keeps 480). */
export const PERFORMANCE_RANGES = [28, 90, 480] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

/** GET performance?days=: the URL's daily Google Search clicks and impressions, oldest first, every day present. */
export const urlPerformanceQuery = (p: ProjectPath, urlId: string, days: PerformanceRange) =>
  queryOptions({
    queryKey: urlKeys.performance(p, urlId, days),
    queryFn: ({ signal }) => fetchApi<PerformanceDay[]>(path(p, `/urls/${urlId}/performance${queryString({ days })}`), { signal }),
    placeholderData: keepPreviousData,
  });

/** POST inspect: audits the URL now for 1 credit; 402 INSUFFICIENT_CREDITS (meta required/available), 429 RATE_LIMITED. */
export const inspectUrl = (p: ProjectPath, urlId: string) => fetchApi<TrackedUrl>(path(p, `/urls/${urlId}/inspect`), { method: "POST" });

/**
 * The URLs a bulk action works on: a selection of ids, or everything the list's filters match, with the number
 * of URLs the person confirmed (the API answers 409 when the filter now matches another number).
 */
export type UrlSelection = { urlIds: string[] } | { filter: UrlFilters; expectedCount: number };

/** POST inspections: queues URLs for the scheduler at top priority ("check again"); each is charged 1 credit when inspected (402 without). */
export const queueInspections = (p: ProjectPath, selection: UrlSelection) => fetchApi<QueueResult>(path(p, "/inspections"), { method: "POST", body: selection });

export type UntrackResult = { removed: number; unknown: number; keptInRemoval: number; stillInSitemap: number; excluded: number };
/** POST urls/untrack: stop tracking the URLs (they leave the inventory with their history, and are excluded from syncs and imports). */
export const untrackUrls = (p: ProjectPath, selection: UrlSelection) => fetchApi<UntrackResult>(path(p, "/urls/untrack"), { method: "POST", body: selection });

/** A URL excluded from tracking (someone stopped tracking it): syncs and imports skip it. */
export type UrlExclusion = UrlExclusionResponse;
/** A page of the project's excluded URLs, the latest first (GET …/url-exclusions); `q` is a substring. */
export const urlExclusionsQuery = (p: ProjectPath, page: Page, q = "") =>
  queryOptions({
    queryKey: [...urlKeys.all(p), "exclusions", page, q] as const,
    queryFn: ({ signal }) => fetchPage<UrlExclusion>(path(p, `/url-exclusions${queryString({ q, ...page })}`), page, signal),
    placeholderData: keepPreviousData,
  });
/** DELETE …/url-exclusions: let the URLs (or all of them) come back at the next sync or import. */
export const deleteUrlExclusions = (p: ProjectPath, body: { urls: string[] } | { all: true }) =>
  fetchApi<{ deleted: number; notExcluded: number }>(path(p, "/url-exclusions"), { method: "DELETE", body });

export type UrlPriority = NonNullable<TrackedUrl["priority"]>;
/** POST urls/priority: a priority set by hand (null: back to the project's rules). */
export const setUrlPriority = (p: ProjectPath, selection: UrlSelection, priority: UrlPriority | null) =>
  fetchApi<{ updated: number; unknown: number }>(path(p, "/urls/priority"), { method: "POST", body: { ...selection, priority } });

/** The CSV download of the list as filtered and sorted (or of a selection of ids): a plain link, the session cookie authenticates it. */
/** The URL table's export for a person: the columns on screen (TrackedUrl fields), headers in words (`header=labels`). */
export const urlsExportHref = (p: ProjectPath, filters: UrlFilters, sort: string | null, ids: string[] | undefined, fields: readonly string[]) =>
  path(p, `/urls/export${queryString({ ...filters, sort: sort ?? undefined, ids: ids?.join(","), columns: fields.join(","), header: "labels" })}`);

/** A page Google showed in the last 28 days that the project does not track. */
export type UntrackedPage = { url: string; clicks28d: number; impressions28d: number; lastImpressionAt: string };

/** Pages Google shows that nobody tracks, by clicks (GET …/search-analytics/untracked). */
export const untrackedPagesQuery = (p: ProjectPath, page: Page) =>
  queryOptions({
    queryKey: [...urlKeys.all(p), "untracked", page] as const,
    queryFn: ({ signal }) => fetchPage<UntrackedPage>(path(p, `/search-analytics/untracked${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });
