import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { SubmissionDetailResponse, SubmissionResponse, SubmissionUrlResponse } from "@/lib/indexnow/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type Submission = SubmissionResponse;
export type SubmissionDetail = SubmissionDetailResponse;
export type SubmissionUrl = SubmissionUrlResponse;

export const submissionKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "submissions"] as const,
  list: (p: ProjectPath, page: Page) => [...submissionKeys.all(p), "list", page] as const,
  one: (p: ProjectPath, id: string) => [...submissionKeys.all(p), "one", id] as const,
  urls: (p: ProjectPath, id: string, page: Page) => [...submissionKeys.all(p), "one", id, "urls", page] as const,
};

/** The IndexNow submission history, newest first. */
export const submissionsQuery = (p: ProjectPath, page: Page) =>
  queryOptions({
    queryKey: submissionKeys.list(p, page),
    queryFn: ({ signal }) => fetchPage<Submission>(projectsPath(p.orgId, p.projectId, `/submissions${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });

/** One batch, with how many of its URLs are on record and until when. */
export const submissionQuery = (p: ProjectPath, id: string) =>
  queryOptions({
    queryKey: submissionKeys.one(p, id),
    queryFn: ({ signal }) => fetchApi<SubmissionDetail>(projectsPath(p.orgId, p.projectId, `/submissions/${id}`), { signal }),
  });

/** A page of the batch's URLs with its answer and where each stands now. */
export const submissionUrlsQuery = (p: ProjectPath, id: string, page: Page) =>
  queryOptions({
    queryKey: submissionKeys.urls(p, id, page),
    queryFn: ({ signal }) => fetchPage<SubmissionUrl>(projectsPath(p.orgId, p.projectId, `/submissions/${id}/urls${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });
