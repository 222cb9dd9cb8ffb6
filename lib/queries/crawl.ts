import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { AiCrawlersResponse, CrawlActivityResponse, IngestResult, LogImportResponse, UntrackedCrawledUrl, UrlCrawlDay } from "@/lib/crawl-logs/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type LogImport = LogImportResponse;
export type CrawlActivity = CrawlActivityResponse;
export type AiCrawlers = AiCrawlersResponse;
export type UntrackedCrawled = z.infer<typeof UntrackedCrawledUrl>;
export type UrlCrawl = UrlCrawlDay;
export type PushResult = z.infer<typeof IngestResult>;

/** While an import is in one of these states its numbers still move: poll it. */
export const LIVE_LOG_STATUSES: readonly LogImport["status"][] = ["queued", "running"];
export const CRAWL_RANGES = [30, 90, 480] as const;
export type CrawlRange = (typeof CRAWL_RANGES)[number];

const path = (p: ProjectPath, rest: string) => projectsPath(p.orgId, p.projectId, rest);

export const crawlKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "crawl"] as const,
  imports: (p: ProjectPath, page: Page) => [...crawlKeys.all(p), "imports", page] as const,
  import: (p: ProjectPath, id: string) => [...crawlKeys.all(p), "import", id] as const,
  activity: (p: ProjectPath, days: number) => [...crawlKeys.all(p), "activity", days] as const,
  untracked: (p: ProjectPath, page: Page) => [...crawlKeys.all(p), "untracked", page] as const,
  ai: (p: ProjectPath) => [...crawlKeys.all(p), "ai"] as const,
  url: (p: ProjectPath, urlId: string, days: number) => [...crawlKeys.all(p), "url", urlId, days] as const,
};

export const logImportsQuery = (p: ProjectPath, page: Page) =>
  queryOptions({
    queryKey: crawlKeys.imports(p, page),
    queryFn: ({ signal }) => fetchPage<LogImport>(path(p, `/logs${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((i) => LIVE_LOG_STATUSES.includes(i.status)) ? 3_000 : false),
  });

/** One import, polled every second while it is processed (the progress bar reads it). */
export const logImportQuery = (p: ProjectPath, id: string) =>
  queryOptions({
    queryKey: crawlKeys.import(p, id),
    queryFn: ({ signal }) => fetchApi<LogImport>(path(p, `/logs/${id}`), { signal }),
    refetchInterval: (q) => (!q.state.data || LIVE_LOG_STATUSES.includes(q.state.data.status) ? 1_000 : false),
  });

export const crawlActivityQuery = (p: ProjectPath, days: number) =>
  queryOptions({
    queryKey: crawlKeys.activity(p, days),
    queryFn: ({ signal }) => fetchApi<CrawlActivity>(path(p, `/crawl-activity${queryString({ days })}`), { signal }),
    placeholderData: keepPreviousData,
  });

export const untrackedCrawledQuery = (p: ProjectPath, page: Page) =>
  queryOptions({
    queryKey: crawlKeys.untracked(p, page),
    queryFn: ({ signal }) => fetchPage<UntrackedCrawled>(path(p, `/crawl-activity/untracked${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });

/** Reads the live robots.txt: fetched in the browser, never prefetched, kept a minute. */
export const aiCrawlersQuery = (p: ProjectPath) =>
  queryOptions({ queryKey: crawlKeys.ai(p), queryFn: ({ signal }) => fetchApi<AiCrawlers>(path(p, "/ai-crawlers"), { signal }), staleTime: 60_000 });

export const urlCrawlQuery = (p: ProjectPath, urlId: string, days: number) =>
  queryOptions({
    queryKey: crawlKeys.url(p, urlId, days),
    queryFn: ({ signal }) => fetchApi<UrlCrawl[]>(path(p, `/urls/${urlId}/crawl-activity${queryString({ days })}`), { signal }),
    placeholderData: keepPreviousData,
  });

/** Uploads a log as multipart `file` (+ `format` when chosen); answers the queued import. */
export function uploadLog(p: ProjectPath, file: File, format: string | null) {
  const form = new FormData();
  form.append("file", file, file.name);
  if (format) form.append("format", format);
  return fetchApi<LogImport>(path(p, "/logs"), { method: "POST", body: form });
}

export const createIngestToken = (p: ProjectPath) => fetchApi<{ token: string; start: string; createdAt: string }>(path(p, "/logs/ingest-token"), { method: "POST" });
export const revokeIngestToken = (p: ProjectPath) => fetchApi<{ revoked: boolean }>(path(p, "/logs/ingest-token"), { method: "DELETE" });
