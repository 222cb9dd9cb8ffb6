// OpenAPI registrations of the urls area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { UrlIssueResponse } from "@/lib/issues/schemas";
import { WebsiteStatsResponse } from "@/lib/stats/schemas";
import { admitUrlsBody, AdmitUrlsResponse, DISAGREEMENT_DESCRIPTION, listUrlsQuery, TrackedUrlResponse, urlParams } from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["URLs"];

export const getProjectUrlsOp = defineOperation({
  method: "GET", path: `${P}/urls`, tags, scopes: R, params: projectParams, query: listUrlsQuery, response: TrackedUrlResponse, paginated: true,
  summary: "List the project's tracked URLs",
  description: "Ordered by (discoveredAt, id) ascending. Every filter is optional and they combine with AND; an unknown enum value is a 400. "
    + "`hasIssues=true`: the URL has an open membership (resolvedAt null) in an issue group whose status is `open`. "
    + "`isStale=true`: staleAt is set. `disagreement` compares the audit with Google and Bing: " + DISAGREEMENT_DESCRIPTION
    + " `meta.total` is exact.",
});
export const postProjectUrlsOp = defineOperation({
  method: "POST", path: `${P}/urls`, tags, scopes: W, params: projectParams, body: admitUrlsBody, response: AdmitUrlsResponse,
  summary: "Admit URLs by hand (no credits)",
  description: "Each URL is normalized (WHATWG parse; http/https only; scheme and host lowercased, IDN hosts in punycode; fragment and default port dropped; "
    + "path, query and trailing slash kept). One invalid URL rejects the whole batch with 400 VALIDATION_ERROR: `meta.errors[].path` is `urls.<index>`, "
    + "`code` the reason; nothing is written. URLs whose host is not exactly the project domain (`www.` and other subdomains included) are reported in "
    + "`skippedOffHost`. In-batch duplicates (after normalization) and URLs already tracked are dropped; the rest are inserted with source `manual`. "
    + "`skipped` = in-batch duplicates + off-host + already tracked, so `inserted + skipped` is the number of URLs sent.",
});
export const getProjectUrlOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}`, tags, scopes: R, params: urlParams, response: TrackedUrlResponse,
  summary: "Get one tracked URL",
});
export const getProjectUrlIssuesOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/issues`, tags, scopes: R, params: urlParams, response: UrlIssueResponse, responseIsList: true,
  summary: "The URL's open issue memberships",
  description: "Memberships of this URL with resolvedAt null, each with its issue group (id, type, severity, status), the most severe group first, "
    + "then the latest detection. A URL has at most one membership per issue type, so the list is not paginated. The group may be `ignored`.",
});
export const getProjectStatsOp = defineOperation({
  method: "GET", path: `${P}/stats`, tags: ["Statistics"], scopes: R, params: projectParams, response: WebsiteStatsResponse,
  summary: "Live counters of the project",
  description: "Kept exact as URLs enter and change. Before the first URL there is no counter row: `id`, `createdAt`, `updatedAt` and `lastReconciledAt` are null and every counter is 0. "
    + "broken = client_error + server_error + timeout; indexed = Google or Bing reports `indexed`; notIndexed = Google or Bing reported a state and neither reports `indexed`; stale = staleAt set.",
});
