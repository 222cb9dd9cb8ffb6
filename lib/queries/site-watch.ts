import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { PaginationMeta } from "@/lib/core/pagination";
import type { RobotsTxtVersionDetail, RobotsTxtVersionSummary, WatchResponse } from "@/lib/site-watch/schemas";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";

export type Watch = WatchResponse;
export type RobotsVersion = z.infer<typeof RobotsTxtVersionSummary>;
export type RobotsVersionDetail = z.infer<typeof RobotsTxtVersionDetail>;

const keys = {
  watch: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "watch"] as const,
  versions: (orgId: string, id: string, offset: number) => [...projectKeys.project(orgId, id), "robots-versions", offset] as const,
  version: (orgId: string, id: string, versionId: string) => [...projectKeys.project(orgId, id), "robots-version", versionId] as const,
};

/** GET …/watch: robots.txt, certificate, home page; refreshed every minute while shown. */
export const watchQuery = (orgId: string, projectId: string) =>
  queryOptions({
    queryKey: keys.watch(orgId, projectId),
    queryFn: ({ signal }) => fetchApi<Watch>(projectsPath(orgId, projectId, "/watch"), { signal }),
    refetchInterval: 60_000,
  });

export const ROBOTS_VERSIONS_PAGE = 20;
export const robotsVersionsQuery = (orgId: string, projectId: string, offset = 0) =>
  queryOptions({
    queryKey: keys.versions(orgId, projectId, offset),
    queryFn: async ({ signal }): Promise<{ data: RobotsVersion[]; meta: PaginationMeta }> => {
      const { data, meta } = await fetchApiEnvelope<RobotsVersion[]>(projectsPath(orgId, projectId, `/robots-txt/versions?offset=${offset}&limit=${ROBOTS_VERSIONS_PAGE}`), { signal });
      return { data, meta: meta ?? { total: data.length, offset, limit: ROBOTS_VERSIONS_PAGE, hasMore: false } };
    },
    placeholderData: keepPreviousData,
  });

export const robotsVersionQuery = (orgId: string, projectId: string, versionId: string) =>
  queryOptions({
    queryKey: keys.version(orgId, projectId, versionId),
    queryFn: ({ signal }) => fetchApi<RobotsVersionDetail>(projectsPath(orgId, projectId, `/robots-txt/versions/${encodeURIComponent(versionId)}`), { signal }),
    staleTime: 5 * 60_000,
  });
