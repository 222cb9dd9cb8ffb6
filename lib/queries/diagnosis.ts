import { queryOptions } from "@tanstack/react-query";
import type { DiagnosisEngine } from "@/lib/diagnosis/causes";
import type { DiagnosisResponse, DuplicateGroupResponse, UrlDiagnosisResponse } from "@/lib/diagnosis/schemas";
import type { PaginationMeta } from "@/lib/core/pagination";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";
import type { ProjectPath } from "./urls";

export type Diagnosis = DiagnosisResponse;
export type UrlDiagnosis = UrlDiagnosisResponse;
export type DuplicateGroup = DuplicateGroupResponse;
export type DuplicateKind = DuplicateGroup["kind"];

export const diagnosisKeys = {
  all: (p: ProjectPath) => [...projectKeys.project(p.orgId, p.projectId), "diagnosis"] as const,
  project: (p: ProjectPath, engine: DiagnosisEngine) => [...diagnosisKeys.all(p), "project", engine] as const,
  duplicates: (p: ProjectPath, kind: DuplicateKind, offset: number) => [...diagnosisKeys.all(p), "duplicates", kind, offset] as const,
  url: (p: ProjectPath, urlId: string) => [...diagnosisKeys.all(p), "url", urlId] as const,
};

export const diagnosisQuery = (p: ProjectPath, engine: DiagnosisEngine) =>
  queryOptions({
    queryKey: diagnosisKeys.project(p, engine),
    queryFn: ({ signal }) => fetchApi<Diagnosis>(projectsPath(p.orgId, p.projectId, `/diagnosis?engine=${engine}`), { signal }),
  });

export const DUPLICATES_PAGE = 20;
export const duplicatesQuery = (p: ProjectPath, kind: DuplicateKind, offset: number) =>
  queryOptions({
    queryKey: diagnosisKeys.duplicates(p, kind, offset),
    queryFn: async ({ signal }): Promise<{ data: DuplicateGroup[]; meta: PaginationMeta }> => {
      const { data, meta } = await fetchApiEnvelope<DuplicateGroup[]>(projectsPath(p.orgId, p.projectId, `/duplicates?kind=${kind}&offset=${offset}&limit=${DUPLICATES_PAGE}`), { signal });
      return { data, meta: meta as PaginationMeta };
    },
  });

export const urlDiagnosisQuery = (p: ProjectPath, urlId: string) =>
  queryOptions({
    queryKey: diagnosisKeys.url(p, urlId),
    queryFn: ({ signal }) => fetchApi<UrlDiagnosis>(projectsPath(p.orgId, p.projectId, `/urls/${urlId}/diagnosis`), { signal }),
  });

export const diagnoseNow = (p: ProjectPath, engine: DiagnosisEngine) =>
  fetchApi<Diagnosis>(projectsPath(p.orgId, p.projectId, `/diagnosis?engine=${engine}`), { method: "POST" });
