// The one list of documented endpoints: each area imports its schema module here and registers one
// operation per endpoint. Import schemas only (never verbs or the database): the document is built
// in unit tests and at build time.
import { z } from "zod";
import { HealthResponse } from "@/lib/health/schemas";
import { paginationQuery } from "@/lib/api/pagination";
import { apiKeyIdBody, apiKeyIdQuery, ApiKeyResponse, createApiKeyBody, CreatedApiKeyResponse, updateApiKeyBody } from "@/lib/api-keys/schemas";
import { identifyBody, IdentifyResponse, ssoCompleteBody, SsoCompleteResponse, ssoDiscoverQuery, SsoDiscoverResponse } from "@/lib/auth/schemas";
import { AccountDeletionScheduled, LoginHistoryEntry, OrganizationSummary, UserResponse } from "@/lib/users/schemas";
import { registerOperation } from "./registry";

// ── Platform ─────────────────────────────────────────────────────────────────────────────────────
registerOperation({
  method: "GET", path: "/api/health", tags: ["Platform"], scopes: "public",
  summary: "Service health",
  description: "Probes the database (`SELECT 1`, 2 s timeout). Answers 503 with the same envelope and `status: \"degraded\"` when a service is down.",
  response: HealthResponse,
  alsoReturns: { 503: "Degraded: a service is not operational" },
});

registerOperation({
  method: "GET", path: "/api/openapi.json", tags: ["Platform"], scopes: "public",
  summary: "This OpenAPI 3.1 document",
  description: "Plain JSON, not wrapped in the envelope. Rendered at `/docs/api`.",
  response: z.object({ openapi: z.literal("3.1.0") }).catchall(z.unknown()),
  rawResponse: true,
});

// ── Areas: add your registrations below, one registerOperation per endpoint, grouped by area ─────
// e.g. import { createProjectBody, ProjectResponse } from "@/lib/projects/schemas";
// registerOperation({ method: "POST", path: "/api/user/organizations/{organizationId}/projects", tags: ["Projects"],
//   scopes: W, params: orgParams, body: createProjectBody, response: ProjectResponse, created: true, errors: ["DOMAIN_ALREADY_EXISTS"], summary: "Create a project" });

// ── Auth (public) ───────────────────────────────────────────────────────────────────────────────
registerOperation({ method: "POST", path: "/api/auth/identify", tags: ["Auth"], scopes: "public", summary: "Which sign-in method to offer for an email",
  description: "Never reveals whether an account exists; `hasPasskey` is always false before authentication.", body: identifyBody, response: IdentifyResponse });
registerOperation({ method: "GET", path: "/api/auth/sso/discover", tags: ["Auth"], scopes: "public", summary: "Organization SSO for an email domain (null when none)",
  query: ssoDiscoverQuery, response: SsoDiscoverResponse });
registerOperation({ method: "POST", path: "/api/auth/sso/complete", tags: ["Auth"], scopes: "public", summary: "Exchange a single-use SSO handle for a session cookie",
  body: ssoCompleteBody, response: SsoCompleteResponse, errors: ["NOT_FOUND"] });

// ── API keys ────────────────────────────────────────────────────────────────────────────────────
registerOperation({ method: "POST", path: "/api/auth/api-key/create", tags: ["API keys"], scopes: ["api-keys:write"], summary: "Create an API key (the full key is returned once)",
  description: "The key is bound to `metadata.organizationId` (an organization of the caller) and carries `metadata.scopes`; an API key can only grant scopes it holds.",
  body: createApiKeyBody, response: CreatedApiKeyResponse, created: true, errors: ["NOT_FOUND"] });
registerOperation({ method: "GET", path: "/api/auth/api-key/list", tags: ["API keys"], scopes: ["api-keys:read"], summary: "List the caller's API keys (no secrets)",
  response: ApiKeyResponse, responseIsList: true });
registerOperation({ method: "GET", path: "/api/auth/api-key/get", tags: ["API keys"], scopes: ["api-keys:read"], summary: "Get one API key (no secret)",
  query: apiKeyIdQuery, response: ApiKeyResponse, errors: ["NOT_FOUND"] });
registerOperation({ method: "POST", path: "/api/auth/api-key/update", tags: ["API keys"], scopes: ["api-keys:write"], summary: "Rename, enable/disable or change the scopes of a key",
  body: updateApiKeyBody, response: ApiKeyResponse, errors: ["NOT_FOUND"] });
registerOperation({ method: "POST", path: "/api/auth/api-key/delete", tags: ["API keys"], scopes: ["api-keys:delete"], summary: "Delete an API key permanently",
  body: apiKeyIdBody, response: z.object({ success: z.literal(true) }), errors: ["NOT_FOUND"] });

// ── User ────────────────────────────────────────────────────────────────────────────────────────
registerOperation({ method: "GET", path: "/api/user/me", tags: ["User"], scopes: ["user:read"], summary: "The signed-in user", response: UserResponse });
registerOperation({ method: "DELETE", path: "/api/user/me", tags: ["User"], scopes: ["user:write"], summary: "Schedule account deletion (30-day grace)",
  description: "Revokes every session and API key now; signing in again within 30 days cancels the deletion.", response: AccountDeletionScheduled });
registerOperation({ method: "GET", path: "/api/user/me/export", tags: ["User"], scopes: ["user:read"], summary: "Export every datum held about the user (GDPR)",
  response: z.record(z.string(), z.unknown()) });
registerOperation({ method: "GET", path: "/api/user/me/login-history", tags: ["User"], scopes: ["user:read"], summary: "Security events of the user, newest first",
  query: paginationQuery, response: LoginHistoryEntry, paginated: true });
registerOperation({ method: "GET", path: "/api/user/organizations", tags: ["User"], scopes: ["organization:read"], summary: "The caller's organizations with role and credit balance",
  response: OrganizationSummary, responseIsList: true });

// ── Project areas (one file each) ───────────────────────────────────────────────────────────────
import "./ops/projects";
import "./ops/urls";
import "./ops/imports";
import "./ops/issues";
import "./ops/sitemaps";
import "./ops/submissions";
import "./ops/verification";
import "./ops/robots";
import "./ops/inspections";
import "./ops/connections";
import "./ops/snapshots";
import "./ops/webhooks";
import "./ops/organizations";
import "./ops/invitations";
import "./ops/sso";
import "./ops/notifications";
