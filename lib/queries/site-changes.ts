import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { DeployResponse, SentinelsResponse, SiteChangeResponse, UrlFieldChangeResponse } from "@/lib/site-watch/site-changes-schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type SiteChange = z.infer<typeof SiteChangeResponse>;
export type Deploy = z.infer<typeof DeployResponse>;
export type Sentinels = z.infer<typeof SentinelsResponse>;
export type UrlFieldChange = z.infer<typeof UrlFieldChangeResponse>;

const path = (p: ProjectPath, rest: string) => projectsPath(p.orgId, p.projectId, rest);

export const siteChangeKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "site-changes"] as const,
  list: (p: ProjectPath, page: Page) => [...siteChangeKeys.all(p), "list", page] as const,
  deploys: (p: ProjectPath, page: Page) => [...siteChangeKeys.all(p), "deploys", page] as const,
  sentinels: (p: ProjectPath) => [...siteChangeKeys.all(p), "sentinels"] as const,
  ofUrl: (p: ProjectPath, urlId: string, page: Page) => [...siteChangeKeys.all(p), "url", urlId, page] as const,
};

export const siteChangesQuery = (p: ProjectPath, page: Page) =>
  queryOptions({ queryKey: siteChangeKeys.list(p, page), queryFn: ({ signal }) => fetchPage<SiteChange>(path(p, `/site-changes${queryString(page)}`), page, signal), placeholderData: keepPreviousData });

export const deploysQuery = (p: ProjectPath, page: Page) =>
  queryOptions({ queryKey: siteChangeKeys.deploys(p, page), queryFn: ({ signal }) => fetchPage<Deploy>(path(p, `/deploys${queryString(page)}`), page, signal), placeholderData: keepPreviousData });

export const sentinelsQuery = (p: ProjectPath) =>
  queryOptions({ queryKey: siteChangeKeys.sentinels(p), queryFn: ({ signal }) => fetchApi<Sentinels>(path(p, "/sentinels"), { signal }) });

/** The first page of a URL's field history, as the URL panel's one read (GET …/urls/{urlId}/detail) answers it. */
export const URL_FIELD_CHANGES_PAGE: Page = { offset: 0, limit: 10 };

export const urlFieldChangesQuery = (p: ProjectPath, urlId: string, page: Page) =>
  queryOptions({
    queryKey: siteChangeKeys.ofUrl(p, urlId, page),
    queryFn: ({ signal }) => fetchPage<UrlFieldChange>(path(p, `/urls/${urlId}/changes${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });

export const markIntended = (p: ProjectPath, id: string) => fetchApi<SiteChange>(path(p, `/site-changes/${id}`), { method: "PATCH", body: { status: "intended" } });
export const saveSentinels = (p: ProjectPath, body: { auto: boolean; urls: string[] }) => fetchApi<Sentinels>(path(p, "/sentinels"), { method: "PUT", body });
export const recordDeploy = (p: ProjectPath, body: { ref?: string; description?: string }) => fetchApi<Deploy>(path(p, "/deploys"), { method: "POST", body });
