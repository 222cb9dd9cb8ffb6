// Platform, sign-in, API keys and the user: one defineOperation per endpoint, read by its route and
// the OpenAPI document. Import schemas only (never verbs or the database).
import { z } from "zod";
import { HealthResponse } from "@/lib/health/schemas";
import { paginationQuery } from "@/lib/core/pagination";
import { apiKeyIdBody, apiKeyIdQuery, ApiKeyResponse, createApiKeyBody, CreatedApiKeyResponse, updateApiKeyBody } from "@/lib/api-keys/schemas";
import { identifyBody, IdentifyResponse, ssoCompleteBody, SsoCompleteResponse, ssoDiscoverQuery, SsoDiscoverResponse } from "@/lib/sign-in/schemas";
import { AccountDeletionScheduled, LoginHistoryEntry, OrganizationSummary, UserResponse } from "@/lib/users/schemas";
import { defineOperation } from "../operation";

// ── Platform ─────────────────────────────────────────────────────────────────────────────────────
export const getHealthOp = defineOperation({
  method: "GET", path: "/api/health", tags: ["Platform"], scopes: "public", rateLimit: false,
  summary: "Service health",
  description: "Probes the database (`SELECT 1`, 2 s timeout). Answers 503 with the same envelope and `status: \"degraded\"` when a service is down.",
  response: HealthResponse,
  alsoReturns: { 503: "Degraded: a service is not operational" },
});

export const getOpenapiDocumentOp = defineOperation({
  method: "GET", path: "/api/openapi.json", tags: ["Platform"], scopes: "public",
  summary: "This OpenAPI 3.1 document",
  description: "Plain JSON, not wrapped in the envelope. Rendered at `/docs/api`.",
  response: z.object({ openapi: z.literal("3.1.0") }).catchall(z.unknown()),
  rawResponse: true,
});

// ── Auth (public) ───────────────────────────────────────────────────────────────────────────────
export const postAuthIdentifyOp = defineOperation({ method: "POST", path: "/api/auth/identify", tags: ["Auth"], scopes: "public", summary: "Which sign-in method to offer for an email",
  description: "Never reveals whether an account exists; `hasPasskey` is always false before authentication.", body: identifyBody, response: IdentifyResponse });
export const getAuthSsoDiscoverOp = defineOperation({ method: "GET", path: "/api/auth/sso/discover", tags: ["Auth"], scopes: "public", summary: "Organization SSO for an email domain (null when none)",
  query: ssoDiscoverQuery, response: SsoDiscoverResponse });
export const postAuthSsoCompleteOp = defineOperation({ method: "POST", path: "/api/auth/sso/complete", tags: ["Auth"], scopes: "public", summary: "Exchange a single-use SSO handle for a session cookie",
  body: ssoCompleteBody, response: SsoCompleteResponse, errors: ["NOT_FOUND"] });

// ── API keys ────────────────────────────────────────────────────────────────────────────────────
export const postAuthApiKeyCreateOp = defineOperation({ method: "POST", path: "/api/auth/api-key/create", tags: ["API keys"], scopes: ["api-keys:write"], summary: "Create an API key (the full key is returned once)",
  description: "The key is bound to `metadata.organizationId` (an organization of the caller) and carries `metadata.scopes`; an API key can only grant scopes it holds. "
    + "409 API_KEY_LIMIT_REACHED past `API_KEY_LIMIT` active keys (enabled, not expired) per organization (default 50); 429 RATE_LIMITED past "
    + "`RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR` creations by one person an hour (default 20), with Retry-After.",
  body: createApiKeyBody, response: CreatedApiKeyResponse, created: true, errors: ["NOT_FOUND", "API_KEY_LIMIT_REACHED", "RATE_LIMITED"] });
export const getAuthApiKeyListOp = defineOperation({ method: "GET", path: "/api/auth/api-key/list", tags: ["API keys"], scopes: ["api-keys:read"], summary: "List the caller's API keys (no secrets)",
  response: ApiKeyResponse, responseIsList: true });
export const getAuthApiKeyGetOp = defineOperation({ method: "GET", path: "/api/auth/api-key/get", tags: ["API keys"], scopes: ["api-keys:read"], summary: "Get one API key (no secret)",
  query: apiKeyIdQuery, response: ApiKeyResponse, errors: ["NOT_FOUND"] });
export const postAuthApiKeyUpdateOp = defineOperation({ method: "POST", path: "/api/auth/api-key/update", tags: ["API keys"], scopes: ["api-keys:write"], summary: "Rename, enable/disable or change the scopes of a key",
  body: updateApiKeyBody, response: ApiKeyResponse, errors: ["NOT_FOUND", "API_KEY_LIMIT_REACHED"],
  description: "Enabling a key counts against `API_KEY_LIMIT` active keys per organization (409 API_KEY_LIMIT_REACHED)." });
export const postAuthApiKeyDeleteOp = defineOperation({ method: "POST", path: "/api/auth/api-key/delete", tags: ["API keys"], scopes: ["api-keys:delete"], summary: "Delete an API key permanently",
  body: apiKeyIdBody, response: z.object({ success: z.literal(true) }), errors: ["NOT_FOUND"] });

// ── User ────────────────────────────────────────────────────────────────────────────────────────
export const getMeOp = defineOperation({ method: "GET", path: "/api/user/me", tags: ["User"], scopes: ["user:read"], summary: "The signed-in user", response: UserResponse });
export const deleteMeOp = defineOperation({ method: "DELETE", path: "/api/user/me", tags: ["User"], scopes: ["user:write"], summary: "Schedule account deletion (30-day grace)",
  description: "Revokes every session and API key now; signing in again within 30 days cancels the deletion.", response: AccountDeletionScheduled });
export const getMeExportOp = defineOperation({ method: "GET", path: "/api/user/me/export", tags: ["User"], scopes: ["user:read"], summary: "Export every datum held about the user (GDPR)",
  response: z.record(z.string(), z.unknown()) });
export const getMeLoginHistoryOp = defineOperation({ method: "GET", path: "/api/user/me/login-history", tags: ["User"], scopes: ["user:read"], summary: "Security events of the user, newest first",
  query: paginationQuery, response: LoginHistoryEntry, paginated: true });
export const getOrganizationsOp = defineOperation({ method: "GET", path: "/api/user/organizations", tags: ["User"], scopes: ["organization:read"], summary: "The caller's organizations with role and credit balance",
  response: OrganizationSummary, responseIsList: true });
