import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { PortfolioProject } from "@/lib/portfolio/schemas";
import type { SitemapCoverageResponse } from "@/lib/sitemaps/coverage/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import type { ProjectPath } from "./urls";

export type { PortfolioProject };
export type SitemapCoverage = SitemapCoverageResponse;
/** `sort` is `field:asc|desc`; `q` is "" for no filter. */
export type PortfolioParams = { sort: string; q: string };

export const portfolioKeys = {
  all: (orgId: string) => [...projectKeys.org(orgId), "portfolio"] as const,
  list: (orgId: string, params: PortfolioParams) => [...portfolioKeys.all(orgId), params] as const,
};

/** Every project of the organization with its numbers, sorted and filtered by the API; the server prefetches it with `getPortfolio`. */
export const portfolioQuery = (orgId: string, params: PortfolioParams) =>
  queryOptions({
    queryKey: portfolioKeys.list(orgId, params),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ sort: params.sort, ...(params.q ? { q: params.q } : {}) });
      return fetchApi<PortfolioProject[]>(`/api/user/organizations/${encodeURIComponent(orgId)}/portfolio?${qs}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** Tracked and indexed URLs per sitemap and per section; the server prefetches it with `getSitemapCoverage`. */
export const sitemapCoverageQuery = (p: ProjectPath) =>
  queryOptions({
    queryKey: [...projectKeys.project(p.orgId, p.projectId), "sitemaps", "coverage"] as const,
    queryFn: ({ signal }) => fetchApi<SitemapCoverage>(projectsPath(p.orgId, p.projectId, "/sitemaps/coverage"), { signal }),
  });
