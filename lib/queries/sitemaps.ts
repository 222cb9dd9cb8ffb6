import { queryOptions } from "@tanstack/react-query";
import type { SitemapResponse, SyncProgressResponse } from "@/lib/sitemaps/sync/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { type ProjectPath } from "./urls";

export type Sitemap = SitemapResponse;

/** DESIGN.md: a second sync within 15 minutes of the last sync start answers 429. */
export const SYNC_DEBOUNCE_MS = 15 * 60_000;

export const sitemapKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "sitemaps"] as const,
  list: (p: ProjectPath) => [...sitemapKeys.all(p), "list"] as const,
};

/** Every sitemap of the project (roots and children, unpaged); the server prefetches it with `listSitemaps`. */
export const sitemapsQuery = (p: ProjectPath) =>
  queryOptions({
    queryKey: sitemapKeys.list(p),
    queryFn: ({ signal }) => fetchApi<Sitemap[]>(projectsPath(p.orgId, p.projectId, `/sitemaps`), { signal }),
  });

export type SyncProgress = SyncProgressResponse;

/**
 * GET …/sync while a sync's POST runs: how far the walk got. Polled every second; `since` (the mutation's start)
 * keys it, so a new sync never shows the last one's figures.
 */
export const syncProgressQuery = (p: ProjectPath, since: number) =>
  queryOptions({
    queryKey: [...projectKeys.project(p.orgId, p.projectId), "sync-progress", since] as const,
    queryFn: ({ signal }) => fetchApi<SyncProgress>(projectsPath(p.orgId, p.projectId, "/sync"), { signal }),
    refetchInterval: 1_000,
    staleTime: 0,
    gcTime: 0,
  });
