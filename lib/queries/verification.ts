import { queryOptions } from "@tanstack/react-query";
import type { ProjectVerification, ProjectVerifyResult } from "@/lib/verification/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";

export type { ProjectVerification, ProjectVerifyResult };

export const verificationKey = (orgId: string, id: string) => [...projectKeys.project(orgId, id), "verification"] as const;

export const verificationQuery = (orgId: string, id: string) =>
  queryOptions({ queryKey: verificationKey(orgId, id), queryFn: ({ signal }) => fetchApi<ProjectVerification>(projectsPath(orgId, id, "/verification"), { signal }) });

/** A new DNS token (and record value) on every call; clears an earlier DNS verification. */
export const createDnsToken = (orgId: string, id: string) => fetchApi<ProjectVerification>(projectsPath(orgId, id, "/dns-token"), { method: "POST" });

export const verifyDns = (orgId: string, id: string) => fetchApi<ProjectVerifyResult>(projectsPath(orgId, id, "/verify-dns"), { method: "POST" });

/** Without `key` the server generates a 64-hex key; a provided key is 8-128 chars of a-zA-Z0-9-. */
export const setIndexNowKey = (orgId: string, id: string, key?: string) =>
  fetchApi<ProjectVerification>(projectsPath(orgId, id, "/indexnow-key"), { method: "POST", body: key ? { key } : {} });

export const verifyIndexNowKey = (orgId: string, id: string) => fetchApi<ProjectVerifyResult>(projectsPath(orgId, id, "/verify-key"), { method: "POST" });
