import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { PaginationMeta } from "@/lib/core/pagination";
import type { IssueResponse } from "@/lib/issues/schemas";
import type { createProjectBody, ProjectResponse } from "@/lib/projects/schemas";
import type { AvailabilityProbeResult } from "@/lib/sitemaps/probe/schemas";
import type { SitemapSyncResult } from "@/lib/sitemaps/sync/schemas";
import type { WebsiteStatsResponse } from "@/lib/stats/schemas";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";

export type Project = ProjectResponse;
export type ProjectStats = z.infer<typeof WebsiteStatsResponse>;
export type Issue = IssueResponse;
export type CreateProjectInput = z.input<typeof createProjectBody>;
export type SyncResult = SitemapSyncResult;
export type ProbeResult = AvailabilityProbeResult;
export type ProjectListParams = { q: string; offset: number; limit: number };
export type ProjectPage = { data: Project[]; meta: PaginationMeta };

/** …/organizations/{org}/projects[/{id}[/rest]] */
export const projectsPath = (orgId: string, id?: string, rest = "") =>
  `/api/user/organizations/${encodeURIComponent(orgId)}/projects${id ? `/${encodeURIComponent(id)}${rest}` : ""}`;

export const projectKeys = {
  all: ["projects"] as const,
  org: (orgId: string) => [...projectKeys.all, orgId] as const,
  lists: (orgId: string) => [...projectKeys.org(orgId), "list"] as const,
  list: (orgId: string, params: ProjectListParams) => [...projectKeys.lists(orgId), params] as const,
  project: (orgId: string, id: string) => [...projectKeys.org(orgId), "project", id] as const,
  detail: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "detail"] as const,
  stats: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "stats"] as const,
  topIssues: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "top-issues"] as const,
};

/** One page of live projects, newest first, searched by name or domain; the server prefetches it with `listProjects`. */
export const projectsQuery = (orgId: string, params: ProjectListParams) =>
  queryOptions({
    queryKey: projectKeys.list(orgId, params),
    queryFn: async ({ signal }): Promise<ProjectPage> => {
      const qs = new URLSearchParams({ offset: String(params.offset), limit: String(params.limit), ...(params.q ? { q: params.q } : {}) });
      const { data, meta } = await fetchApiEnvelope<Project[]>(`${projectsPath(orgId)}?${qs}`, { signal });
      return { data, meta: meta ?? { total: data.length, offset: params.offset, limit: params.limit, hasMore: false } };
    },
    placeholderData: keepPreviousData,
  });

export const projectQuery = (orgId: string, id: string) =>
  queryOptions({ queryKey: projectKeys.detail(orgId, id), queryFn: ({ signal }) => fetchApi<Project>(projectsPath(orgId, id), { signal }) });

/** The nine live counters; refreshed every 30 s while shown. */
export const projectStatsQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: projectKeys.stats(orgId, id),
    queryFn: ({ signal }) => fetchApi<ProjectStats>(projectsPath(orgId, id, "/stats"), { signal }),
    refetchInterval: 30_000,
  });

export const TOP_ISSUES = 5;

/** The open issue groups that matter most (severity, then affected URLs). */
export const topIssuesQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: projectKeys.topIssues(orgId, id),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchApiEnvelope<Issue[]>(`${projectsPath(orgId, id, "/issues")}?status=open&limit=${TOP_ISSUES}`, { signal });
      return { data, total: meta?.total ?? data.length };
    },
  });

export const createProject = (orgId: string, input: CreateProjectInput) => fetchApi<Project>(projectsPath(orgId), { method: "POST", body: input });

export const setProjectStatus = (orgId: string, id: string, status: Project["status"]) =>
  fetchApi<Project>(projectsPath(orgId, id, "/status"), { method: "PATCH", body: { status } });

export const deleteProject = (orgId: string, id: string) => fetchApi<Project>(projectsPath(orgId, id), { method: "DELETE" });

/** POST sync: 402 INSUFFICIENT_CREDITS (meta required/available), 429 SYNC_RATE_LIMITED (meta retryAfterSeconds). */
export const syncProject = (orgId: string, id: string) => fetchApi<SyncResult>(projectsPath(orgId, id, "/sync"), { method: "POST" });

export const probeProject = (orgId: string, id: string) => fetchApi<ProbeResult>(projectsPath(orgId, id, "/availability/probe"), { method: "POST" });
