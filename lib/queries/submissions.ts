import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { SubmissionResponse } from "@/lib/indexnow/schemas";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectRef } from "./urls";

export type Submission = SubmissionResponse;

export const submissionKeys = {
  all: (p: ProjectRef) => [...projectKeys.project(p.orgId, p.projectId), "submissions"] as const,
  list: (p: ProjectRef, page: Page) => [...submissionKeys.all(p), "list", page] as const,
};

/** The IndexNow submission history, newest first. */
export const submissionsQuery = (p: ProjectRef, page: Page) =>
  queryOptions({
    queryKey: submissionKeys.list(p, page),
    queryFn: ({ signal }) => fetchPage<Submission>(projectsPath(p.orgId, p.projectId, `/submissions${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
  });
