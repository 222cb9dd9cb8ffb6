import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { IssueResponse, IssueUrlEvidence as Evidence, IssueUrlResponse, UpdateIssueBody } from "@/lib/issues/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type Issue = IssueResponse;
export type IssueStatus = Issue["status"];
export type IssueSeverity = Issue["severity"];
export type IssueMembership = IssueUrlResponse;
export type IssueUrlEvidence = Evidence;
export type IssueFilters = { status?: IssueStatus };
export type UpdateIssue = UpdateIssueBody;

/** One type per group: a project has at most 18 groups, so one page of 100 holds them all. */
export const ALL_GROUPS: Page = { offset: 0, limit: 100 };

export const issueKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "issues"] as const,
  list: (p: ProjectPath, filters: IssueFilters) => [...issueKeys.all(p), "list", filters] as const,
  one: (p: ProjectPath, issueId: string) => [...issueKeys.all(p), "one", issueId] as const,
  urls: (p: ProjectPath, issueId: string, page: Page) => [...issueKeys.all(p), "urls", issueId, page] as const,
};

/** Every group of the project (in the status filter), severity first; the server prefetches it with `listIssues`. */
export const issuesQuery = (p: ProjectPath, filters: IssueFilters) =>
  queryOptions({
    queryKey: issueKeys.list(p, filters),
    queryFn: ({ signal }) => fetchPage<Issue>(projectsPath(p.orgId, p.projectId, `/issues${queryString({ ...filters, ...ALL_GROUPS })}`), ALL_GROUPS, signal),
  });

export const issueQuery = (p: ProjectPath, issueId: string) =>
  queryOptions({
    queryKey: issueKeys.one(p, issueId),
    queryFn: ({ signal }) => fetchApi<Issue>(projectsPath(p.orgId, p.projectId, `/issues/${issueId}`), { signal }),
  });

/** Affected URLs of a group, open memberships first. */
export const issueUrlsQuery = (p: ProjectPath, issueId: string, page: Page) =>
  queryOptions({
    queryKey: issueKeys.urls(p, issueId, page),
    queryFn: ({ signal }) => fetchPage<IssueMembership>(projectsPath(p.orgId, p.projectId, `/issues/${issueId}/urls${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });

/** PATCH the group's status; an ignore may carry a note. */
export const updateIssueStatus = (p: ProjectPath, issueId: string, body: UpdateIssueBody) =>
  fetchApi<Issue>(projectsPath(p.orgId, p.projectId, `/issues/${issueId}`), { method: "PATCH", body });

/** The CSV download of every URL of the group with its evidence (a plain link; the session cookie authenticates it). */
/** The issue page's export, for a person: headers in words, no internal ids (`header=labels`). */
export const issueUrlsExportHref = (p: ProjectPath, issueId: string) => projectsPath(p.orgId, p.projectId, `/issues/${issueId}/urls/export?header=labels`);
