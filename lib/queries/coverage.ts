import { queryOptions } from "@tanstack/react-query";
import type { GscPropertyResponse } from "@/lib/connections/schemas";
import type { CoverageResponse } from "@/lib/coverage/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";

export type Coverage = CoverageResponse;
export type PlanReason = keyof CoverageResponse["plan"]["byReason"];
export type GscProperty = GscPropertyResponse;

// Under the project's key: a connection change (useRefreshConnections) refreshes both.
export const coverageKeys = {
  coverage: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "coverage"] as const,
  gscProperties: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "gsc-properties"] as const,
};

/** GET coverage: per engine how fresh the verdicts are and by source, today's Google plan by reason, each property's quota today. */
export const coverageQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: coverageKeys.coverage(orgId, id),
    queryFn: ({ signal }) => fetchApi<Coverage>(projectsPath(orgId, id, "/coverage"), { signal }),
  });

/** GET gsc/properties: the main property first, then the pooled ones, each with its quota use today and the URLs it covers. */
export const gscPropertiesQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: coverageKeys.gscProperties(orgId, id),
    queryFn: ({ signal }) => fetchApi<GscProperty[]>(projectsPath(orgId, id, "/gsc/properties"), { signal }),
  });

/**
 * POST gsc/properties: 400 VALIDATION_ERROR (meta.errors on propertyUrl), 409 CONFLICT (meta.reason gsc_not_connected,
 * already_pooled, too_many_properties), 409 PROPERTY_NOT_COVERED (meta.reason not_listed, unverified), 502 UPSTREAM_ERROR.
 */
export const addGscProperty = (orgId: string, id: string, propertyUrl: string) =>
  fetchApi<GscProperty>(projectsPath(orgId, id, "/gsc/properties"), { method: "POST", body: { propertyUrl } });

/** DELETE gsc/properties/{propertyId}: a pooled property (409 CONFLICT main_property for the main one). */
export const removeGscProperty = (orgId: string, id: string, propertyId: string) =>
  fetchApi<{ id: string; deleted: true }>(projectsPath(orgId, id, `/gsc/properties/${encodeURIComponent(propertyId)}`), { method: "DELETE" });
