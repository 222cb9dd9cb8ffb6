import { queryOptions } from "@tanstack/react-query";
import type { ReportScheduleBody, ReportScheduleResponse, TestReportResponse } from "@/lib/reports/schemas";
import type { ShareLinkResponse } from "@/lib/share-links/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type ShareLink = ShareLinkResponse;
export type ReportSchedule = ReportScheduleResponse;
export type TestReport = TestReportResponse;

export const SHARE_LINKS_PAGE: Page = { offset: 0, limit: 100 };
const path = (p: ProjectPath, rest: string) => projectsPath(p.orgId, p.projectId, rest);

export const reportKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "client-reports"] as const,
  shareLinks: (p: ProjectPath, page: Page) => [...reportKeys.all(p), "share-links", page] as const,
  schedule: (p: ProjectPath) => [...reportKeys.all(p), "schedule"] as const,
};

/** The project's share links, newest first (never their URLs: those are shown once, when made). */
export const shareLinksQuery = (p: ProjectPath, page: Page = SHARE_LINKS_PAGE) =>
  queryOptions({ queryKey: reportKeys.shareLinks(p, page), queryFn: ({ signal }) => fetchPage<ShareLink>(path(p, `/share-links${queryString(page)}`), page, signal) });

export const reportScheduleQuery = (p: ProjectPath) =>
  queryOptions({ queryKey: reportKeys.schedule(p), queryFn: ({ signal }) => fetchApi<ReportSchedule>(path(p, "/reports/schedule"), { signal }) });

export const createShareLink = (p: ProjectPath, expiresInDays: number) => fetchApi<ShareLink>(path(p, "/share-links"), { method: "POST", body: { expiresInDays } });
export const revokeShareLink = (p: ProjectPath, id: string) => fetchApi<ShareLink>(path(p, `/share-links/${encodeURIComponent(id)}`), { method: "DELETE" });
export const setReportSchedule = (p: ProjectPath, body: ReportScheduleBody) => fetchApi<ReportSchedule>(path(p, "/reports/schedule"), { method: "PUT", body });
export const sendTestReport = (p: ProjectPath) => fetchApi<TestReport>(path(p, "/reports/test"), { method: "POST" });

/** The latest report's PDF, downloaded by the browser with the session cookie. */
export const latestReportHref = (p: ProjectPath) => path(p, "/reports/latest");
