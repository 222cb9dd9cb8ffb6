// OpenAPI registrations of the search engine connections: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { ConnectionsResponse, ConnectionStatus, engineBConnectBody, gscCallbackBody, OAuthUrlResponse, oauthUrlQuery } from "@/lib/connections/schemas";
import { projectParams } from "@/lib/projects/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Connections"];

export const getProjectGscOauthUrlOp = defineOperation({
  method: "GET", path: `${P}/gsc/oauth-url`, tags, scopes: W, params: projectParams, query: oauthUrlQuery, response: OAuthUrlResponse,
  errors: ["INTEGRATION_NOT_CONFIGURED"],
  summary: "Start a Google Search Console connection (OAuth)",
  description: "Answers the Google Search Console consent URL (offline access, forced consent, read-only webmaster scope, `redirect_uri` = `GSC_REDIRECT_URI`, "
    + "by default the dashboard page `{NEXTAUTH_URL}/projects/gsc/callback`) and the CSRF `state`: the client's (16-512 printable ASCII characters) "
    + "or 32 random bytes base64url. Only the state's SHA-256 is stored, bound to this project and the caller, usable once, for 10 minutes; a "
    + "client state issued before is a 400. 503 INTEGRATION_NOT_CONFIGURED without `GSC_CLIENT_ID`/`GSC_CLIENT_SECRET` (or `ENCRYPTION_KEY`).",
});
export const postProjectGscCallbackOp = defineOperation({
  method: "POST", path: `${P}/gsc/callback`, tags, scopes: W, params: projectParams, body: gscCallbackBody, response: ConnectionStatus,
  errors: ["OAUTH_STATE_INVALID", "OAUTH_CODE_INVALID", "PROPERTY_NOT_COVERED", "UPSTREAM_ERROR", "INTEGRATION_NOT_CONFIGURED"],
  summary: "Finish the Google Search Console connection",
  description: "Checks the state (400 OAUTH_STATE_INVALID, `meta.reason`: `mismatch` never issued, `other_project`, `other_user`, `reused`, "
    + "`expired`), exchanges the code (400 OAUTH_CODE_INVALID, `meta.reason`: `invalid_code`, `rejected`, `scope_not_granted`, `grant_revoked`; "
    + "502 UPSTREAM_ERROR when Google Search Console fails), then checks `propertyUrl` against the user's site list (owner, full or restricted permission) and "
    + "the project domain: `sc-domain:{domain}`, `https://{domain}/` and `http://{domain}/` cover it, `https://www.{domain}/` does not. Otherwise "
    + "409 PROPERTY_NOT_COVERED with `meta.properties` (the user's verified properties that do cover it) and `meta.reason` (`not_listed`, "
    + "`unverified`, `not_covering`); the exchanged token stays with the state until it expires, so the same state and code with a corrected "
    + "property succeed without a new consent. On success the refresh token is stored AES-256-GCM, `gscPropertyUrl` verbatim and `gscConnectedAt` "
    + "set (the project is verified), the state is consumed, an open `gsc_auth_revoked` group resolves, and `project.gsc_connected` is audited.",
});
export const deleteProjectGscOp = defineOperation({
  method: "DELETE", path: `${P}/gsc`, tags, scopes: W, params: projectParams, response: ConnectionStatus,
  summary: "Disconnect Google Search Console",
  description: "Clears the refresh token, `gscPropertyUrl` and `gscConnectedAt`; URLs keep their `engineAState`. Idempotent; audited "
    + "(`project.gsc_disconnected`) when something was removed. An open `gsc_auth_revoked` group resolves.",
});
export const postProjectEngineBOp = defineOperation({
  method: "POST", path: `${P}/engineB`, tags, scopes: W, params: projectParams, body: engineBConnectBody, response: ConnectionStatus,
  errors: ["ENGINE_KEY_INVALID", "ENGINE_SITE_NOT_VERIFIED", "UPSTREAM_ERROR", "INTEGRATION_NOT_CONFIGURED"],
  summary: "Connect Bing Webmaster Tools with an API key",
  description: "Lists the key's sites (a test call). The project domain must be one of them, verified: a site URL `http(s)://{domain}` at the root, "
    + "with or without the final `/`. 409 ENGINE_SITE_NOT_VERIFIED otherwise, `meta.reason` `site_not_verified` (listed, `meta.sites` the matching "
    + "URLs) or `site_not_found` (`meta.sites` the key's sites); 400 ENGINE_KEY_INVALID when Bing Webmaster Tools refuses the key; 502 UPSTREAM_ERROR "
    + "when it fails or throttles (then with `Retry-After` and `meta.retryAfterSeconds`). The key is stored AES-256-GCM and never returned or logged; "
    + "`engineBConnectedAt` set, `project.engineb_connected` audited.",
});
export const deleteProjectEngineBOp = defineOperation({
  method: "DELETE", path: `${P}/engineB`, tags, scopes: W, params: projectParams, response: ConnectionStatus,
  summary: "Disconnect Bing Webmaster Tools",
  description: "Clears the stored key and `engineBConnectedAt`; URLs keep their `engineBState`. Idempotent; audited (`project.engineb_disconnected`) "
    + "when something was removed.",
});
export const getProjectConnectionsOp = defineOperation({
  method: "GET", path: `${P}/connections`, tags, scopes: R, params: projectParams, response: ConnectionsResponse,
  summary: "Google Search Console and Bing Webmaster Tools connections",
  description: "The connection state of Google Search Console (`gsc`) and Bing Webmaster Tools (`engineB`). `gsc.revokedAt` is set when Google Search Console answered `invalid_grant` for the stored token (the grant "
    + "must be connected again). The Google Search Console quota of the property today (Pacific day), by our own count: "
    + "`quotaUsedToday` of `quotaLimit` (2,000 per property); `sharedQuotaDetected` when Google Search Console refused before our count reached the limit, "
    + "with `quotaUsedElsewhereToday` the inspections another tool spent.",
});
