// OpenAPI registrations of site watch part B (field history, site changes, sentinels, deploys): one defineOperation per endpoint.
import { z } from "zod";
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import {
  deployBody, DeployHookTokenResponse, DeployResponse, listDeploysQuery, listSiteChangesQuery, MAX_SENTINELS, patchSiteChangeBody, SentinelsResponse, sentinelsBody,
  SiteChangeDetailResponse, siteChangeParams, SiteChangeResponse, siteChangeUrlsQuery, UrlFieldChangeResponse, urlChangesParams, urlChangesQuery,
} from "@/lib/site-watch/site-changes-schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Site watch"];

const DETECTION = "A site change opens when the audits of one window (the last 24 hours: a scheduled cycle, a sentinel run, a burst of Inspect now or Check again) "
  + "see the same field change the same way (normalised kinds: canonical `self` → `home`, meta robots `indexable` → `noindex`, title `present` → `empty`, status `200` → `404`) "
  + "on at least 20 URLs, or on at least 5 % of a section (first path segment; at least 3 URLs). Digits are ignored when comparing texts, so a title holding a timestamp "
  + "never makes one. It closes itself (`reverted`) once at most 10 % of its URLs still show the change.";

export const getUrlChangesOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/changes`, tags, scopes: R, params: urlChangesParams, query: urlChangesQuery, response: UrlFieldChangeResponse, paginated: true,
  summary: "A URL's field history",
  description: "Newest first: each field an audit saw change (status, redirect target, canonical, meta robots, X-Robots-Tag, title, meta description, first H1, hreflang set, "
    + "JSON-LD types, main text hash, word count, internal links), old and new value and `text` in words. Values longer than 1,024 characters keep their start and a hash. "
    + "An unchanged audit adds nothing. Kept 400 days, at most 100 per URL.",
});
export const getSiteChangesOp = defineOperation({
  method: "GET", path: `${P}/site-changes`, tags, scopes: R, params: projectParams, query: listSiteChangesQuery, response: SiteChangeResponse, paginated: true,
  summary: "The project's site changes (open first)", description: DETECTION,
});
export const getSiteChangeOp = defineOperation({
  method: "GET", path: `${P}/site-changes/{changeId}`, tags, scopes: R, params: siteChangeParams, query: siteChangeUrlsQuery, response: SiteChangeDetailResponse,
  summary: "One site change with its URLs", description: "`offset` and `limit` page its URLs (`urlsMeta`).",
});
export const patchSiteChangeOp = defineOperation({
  method: "PATCH", path: `${P}/site-changes/{changeId}`, tags, scopes: W, params: siteChangeParams, body: patchSiteChangeBody, response: SiteChangeDetailResponse,
  summary: "Mark a site change intended", description: "`{status: \"intended\"}`: the change was meant; it leaves the open list and is never reported reverted. Idempotent.",
});
export const getSentinelsOp = defineOperation({
  method: "GET", path: `${P}/sentinels`, tags, scopes: R, params: projectParams, response: SentinelsResponse,
  summary: "The project's sentinel pages and their state",
  description: "Sentinel pages are audited every 15 minutes without credits, and at once after a deploy. With `auto` (the default): the home page, the top pages by clicks "
    + `(28 days), high-priority pages and one page per top-level section, at most ${MAX_SENTINELS}. \`state\`: \`ok\`, \`changed\` (a field changed at the last run), \`error\`, \`pending\`.`,
});
export const putSentinelsOp = defineOperation({
  method: "PUT", path: `${P}/sentinels`, tags, scopes: W, params: projectParams, body: sentinelsBody, response: SentinelsResponse,
  summary: "Choose the sentinel pages",
  description: `\`{auto, urls}\`: \`auto: true\` lets the product choose (\`urls\` ignored); \`auto: false\` audits \`urls\` (1-${MAX_SENTINELS}). A URL on another host `
    + "(www. or another subdomain included), with a user name, or not a URL is a 400 VALIDATION_ERROR naming `urls.<i>`.",
});
export const getDeploysOp = defineOperation({
  method: "GET", path: `${P}/deploys`, tags, scopes: R, params: projectParams, query: listDeploysQuery, response: DeployResponse, paginated: true,
  summary: "The project's deploys", description: "Newest first.",
});
export const postDeployOp = defineOperation({
  method: "POST", path: `${P}/deploys`, tags, scopes: W, params: projectParams, body: deployBody, optionalBody: true, response: DeployResponse, created: true,
  summary: "Record a deploy",
  description: "`{ref?, description?, at?}` (`at` defaults to now; at most 5 minutes ahead, 400 days back). Runs the sentinel pages at once, emits `deploy.recorded`, "
    + "and site changes first seen after it name it.",
});
export const postDeployHookTokenOp = defineOperation({
  method: "POST", path: `${P}/deploys/hook-token`, tags, scopes: W, params: projectParams, response: DeployHookTokenResponse, created: true,
  summary: "Create the project's deploy hook token (shown once)",
  description: "Replaces any previous token at once. Only its SHA-256 is stored. Use it as `Authorization: Bearer <token>` on `POST /api/hooks/deploys`.",
});
export const deleteDeployHookTokenOp = defineOperation({
  method: "DELETE", path: `${P}/deploys/hook-token`, tags, scopes: W, params: projectParams, response: z.object({ revoked: z.boolean() }),
  summary: "Revoke the project's deploy hook token", description: "Hooks with it answer 401 at once. Idempotent.",
});
export const postDeployHookOp = defineOperation({
  method: "POST", path: "/api/hooks/deploys", tags, scopes: "public", body: deployBody, optionalBody: true, response: DeployResponse, created: true,
  errors: ["UNAUTHORIZED", "RATE_LIMITED"],
  summary: "Record a deploy with a project's deploy hook token",
  description: "`Authorization: Bearer <deploy hook token>` (not an API key): the deploy is recorded for the token's own project, never another; an unknown or revoked "
    + "token answers 401 (and repeated failures from one address 429). Body as `POST …/deploys`.",
});
