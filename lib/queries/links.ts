import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { BrokenLinkResponse, UnlistedPageResponse, UrlLinksResponse } from "@/lib/links/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type UrlLinks = UrlLinksResponse;
export type BrokenLink = BrokenLinkResponse;
export type UnlistedPage = UnlistedPageResponse;

const path = (p: ProjectPath, rest: string) => projectsPath(p.orgId, p.projectId, rest);

export const linkKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "links"] as const,
  url: (p: ProjectPath, urlId: string) => [...linkKeys.all(p), "url", urlId] as const,
  broken: (p: ProjectPath, page: Page) => [...linkKeys.all(p), "broken", page] as const,
  unlisted: (p: ProjectPath, page: Page) => [...linkKeys.all(p), "unlisted", page] as const,
};

/** One URL's links (seeded by the URL panel's one read). */
export const urlLinksQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({ queryKey: linkKeys.url(p, urlId), queryFn: ({ signal }) => fetchApi<UrlLinks>(path(p, `/urls/${urlId}/links`), { signal }) });

export const brokenLinksQuery = (p: ProjectPath, page: Page) =>
  queryOptions({ queryKey: linkKeys.broken(p, page), queryFn: ({ signal }) => fetchPage<BrokenLink>(path(p, `/links/broken${queryString(page)}`), page, signal), placeholderData: keepPreviousData });

export const unlistedPagesQuery = (p: ProjectPath, page: Page) =>
  queryOptions({ queryKey: linkKeys.unlisted(p, page), queryFn: ({ signal }) => fetchPage<UnlistedPage>(path(p, `/links/unlisted${queryString(page)}`), page, signal), placeholderData: keepPreviousData });
