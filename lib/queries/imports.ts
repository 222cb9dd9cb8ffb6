import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { UrlImportResponse } from "@/lib/imports/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import { fetchPage, queryString, type Page, type ProjectPath } from "./urls";

export type UrlImport = UrlImportResponse;
export type ImportStatus = UrlImport["status"];

/** While an import is in one of these states its numbers still move: poll it. */
export const LIVE_IMPORT_STATUSES: readonly ImportStatus[] = ["pending", "committing"];
export const POLL_MS = 1_000;

export const importKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "imports"] as const,
  list: (p: ProjectPath, page: Page) => [...importKeys.all(p), "list", page] as const,
  one: (p: ProjectPath, importId: string) => [...importKeys.all(p), "one", importId] as const,
};

/** The history, newest first; polled while any import on the page is still moving. */
export const importsQuery = (p: ProjectPath, page: Page) =>
  queryOptions({
    queryKey: importKeys.list(p, page),
    queryFn: ({ signal }) => fetchPage<UrlImport>(projectsPath(p.orgId, p.projectId, `/imports${queryString(page)}`), page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((i) => LIVE_IMPORT_STATUSES.includes(i.status)) ? POLL_MS * 3 : false),
  });

/** One import, polled every second while it commits (the progress bar reads processedRows). */
export const importQuery = (p: ProjectPath, importId: string) =>
  queryOptions({
    queryKey: importKeys.one(p, importId),
    queryFn: ({ signal }) => fetchApi<UrlImport>(projectsPath(p.orgId, p.projectId, `/imports/${importId}`), { signal }),
    refetchInterval: (q) => (q.state.data && LIVE_IMPORT_STATUSES.includes(q.state.data.status) ? POLL_MS : false),
  });

/** Uploads a CSV or text file as multipart `file`; answers the preview (nothing is written yet). */
export function uploadImport(p: ProjectPath, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return fetchApi<UrlImport>(projectsPath(p.orgId, p.projectId, `/imports`), { method: "POST", body: form });
}

export const commitImport = (p: ProjectPath, importId: string) =>
  fetchApi<UrlImport>(projectsPath(p.orgId, p.projectId, `/imports/${importId}/commit`), { method: "POST", body: { confirm: true } });
