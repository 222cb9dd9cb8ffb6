import { queryOptions } from "@tanstack/react-query";
import type { ConnectionsResponse, ConnectionStatus, OAuthUrlResponse } from "@/lib/connections/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";

export type Connections = ConnectionsResponse;
export type { ConnectionStatus };

export const connectionKeys = {
  connections: (orgId: string, id: string) => [...projectKeys.project(orgId, id), "connections"] as const,
};

/** Both engines' connection state (console property, quota today, engine-B key); the server prefetches it with `getConnections`. */
export const connectionsQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: connectionKeys.connections(orgId, id),
    queryFn: ({ signal }) => fetchApi<Connections>(projectsPath(orgId, id, "/connections"), { signal }),
  });

/** GET gsc/oauth-url: gsc's consent page for this state (503 INTEGRATION_NOT_CONFIGURED without the OAuth client). */
export const gscOAuthUrl = (orgId: string, id: string, state: string) =>
  fetchApi<OAuthUrlResponse>(`${projectsPath(orgId, id, "/gsc/oauth-url")}?${new URLSearchParams({ state })}`);

/**
 * POST gsc/callback: 409 PROPERTY_NOT_COVERED (meta.properties: retry with one, same code and state),
 * 400 OAUTH_STATE_INVALID (meta.reason) / OAUTH_CODE_INVALID, 502 UPSTREAM_ERROR.
 */
export const gscCallback = (orgId: string, id: string, body: { code: string; state: string; propertyUrl: string }) =>
  fetchApi<ConnectionStatus>(projectsPath(orgId, id, "/gsc/callback"), { method: "POST", body });

export const disconnectGsc = (orgId: string, id: string) =>
  fetchApi<ConnectionStatus>(projectsPath(orgId, id, "/gsc"), { method: "DELETE" });

/** POST engineB: 400 ENGINE_KEY_INVALID, 409 ENGINE_SITE_NOT_VERIFIED (meta.reason, meta.sites), 502 UPSTREAM_ERROR. */
export const connectEngineB = (orgId: string, id: string, apiKey: string) =>
  fetchApi<ConnectionStatus>(projectsPath(orgId, id, "/engineB"), { method: "POST", body: { apiKey } });

export const disconnectEngineB = (orgId: string, id: string) =>
  fetchApi<ConnectionStatus>(projectsPath(orgId, id, "/engineB"), { method: "DELETE" });
