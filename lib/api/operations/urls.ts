// OpenAPI registrations of the urls area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { UrlIssueResponse } from "@/lib/issues/schemas";
import { WebsiteStatsResponse } from "@/lib/stats/schemas";
import { UrlDetailResponse } from "@/lib/url-detail/schemas";
import { z } from "zod";
import {
  admitUrlsBody, AdmitUrlsResponse, deleteUrlExclusionsBody, DeleteUrlExclusionsResponse, DISAGREEMENT_DESCRIPTION, exportUrlsQuery, listUrlExclusionsQuery,
  listUrlsQuery, MAX_BULK_URLS, MAX_EXCLUSION_BODY_BYTES, MAX_EXCLUSION_URLS, setUrlPriorityBody, SetUrlPriorityResponse, TrackedUrlResponse,
  UrlExclusionResponse, untrackUrlsBody, UntrackUrlsResponse, urlParams,
} from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["URLs"];
const BULK = `The URLs: \`urlIds\` (a selection, 1-1000), or \`filter\` (the URL list's filters as GET …/urls takes them, \`q\` included; \`{}\` is every URL) `
  + `with \`expectedCount\`, the number of URLs the person confirmed: every URL the filter matches, at most ${MAX_BULK_URLS.toLocaleString("en-US")} (more is a 400), `
  + "and a 409 CONFLICT with `meta.matched` when the filter now matches another number, so nothing happens to URLs nobody saw. Ids that are not URLs of "
  + "this project count as `unknown`. One transaction, one audit entry (`project.updated`).";

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
    + "A URL excluded from tracking (GET …/url-exclusions) is admitted all the same, and its exclusion deleted: the sitemap keeps it from then on. "
    + "`skipped` = in-batch duplicates + off-host + already tracked, so `inserted + skipped` is the number of URLs sent.",
});
export const getProjectUrlOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}`, tags, scopes: R, params: urlParams, response: TrackedUrlResponse,
  summary: "Get one tracked URL",
});
export const getProjectUrlDetailOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/detail`, tags, scopes: R, params: urlParams, response: UrlDetailResponse,
  summary: "Everything the dashboard's URL panel shows, in one read",
  description: "The URL with its open issues, the first page of its history, Google's and Bing's latest answers, why Google is asked about it, "
    + "90 days of Google Search performance (null before the first pull) and of verified crawler fetches, its removals and the project's "
    + "activation preview (the credit balance). Each part is exactly what its own endpoint answers; those endpoints stay.",
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
export const getProjectUrlsExportOp = defineOperation({
  method: "GET", path: `${P}/urls/export`, tags, scopes: R, params: projectParams, query: exportUrlsQuery,
  response: z.string(), rawResponse: true, responseContentType: "text/csv",
  summary: "Export the URL list as CSV (streamed)",
  description: "Every URL the list's filters match (the same filters, `q` and `sort` as GET …/urls; `ids` narrows it to a selection), in the list's "
    + "order, as `text/csv` (UTF-8, comma-separated, CRLF line ends, RFC 4180 quoting) named `{domain}-urls-{YYYY-MM-DD}.csv`. The header row names "
    + "every field of a TrackedUrl as the API returns it, `url` first; an empty cell is null. A text cell starting with `=`, `+`, `-` or `@` is "
    + "prefixed with `'` so that a spreadsheet does not run it as a formula. Streamed in batches as the client reads: a million URLs take seconds and "
    + "flat memory; a failure after the first byte breaks the download rather than ending it early. A URL whose sort value changes during the export "
    + "may appear twice or not at all (discovery order never changes).",
});
export const postProjectUrlsUntrackOp = defineOperation({
  method: "POST", path: `${P}/urls/untrack`, tags, scopes: W, params: projectParams, body: untrackUrlsBody, response: UntrackUrlsResponse,
  errors: ["CONFLICT"],
  summary: "Stop tracking URLs",
  description: "Deletes the URLs from the project's inventory with their history, Search Analytics and crawl days, queue entries and issue memberships "
    + "(open memberships resolve first: a group left with no URL resolves itself); the counters follow. URLs in an active removal are kept "
    + "(`keptInRemoval`: cancel the removal first). Every removed URL is excluded (`excluded`; GET …/url-exclusions): sitemap syncs and imports "
    + "skip it, never charged, so a URL the sitemap still lists (`stillInSitemap`) does not come back; admitting it by hand (POST …/urls) or "
    + "deleting its exclusion does. " + BULK,
});
export const postProjectUrlsPriorityOp = defineOperation({
  method: "POST", path: `${P}/urls/priority`, tags, scopes: W, params: projectParams, body: setUrlPriorityBody, response: SetUrlPriorityResponse,
  errors: ["CONFLICT"],
  summary: "Set the priority of URLs by hand",
  description: "`priority` `high`, `normal` or `low` is set on the URLs and kept when the project's priority rules change (PUT …/priorities); "
    + "`null` hands them back to the rules, which give them theirs at once. Priority orders Google checks within the console's daily quota. " + BULK,
});
const EXCLUSIONS = "A URL is excluded when someone stops tracking it (POST …/urls/untrack): sitemap syncs and imports skip it (never inserted, "
  + "never charged; a sync counts it in `urlsExcluded`, an import in `excludedRows`), and admitting it by hand (POST …/urls) tracks it again and "
  + "deletes its exclusion.";
export const getProjectUrlExclusionsOp = defineOperation({
  method: "GET", path: `${P}/url-exclusions`, tags, scopes: R, params: projectParams, query: listUrlExclusionsQuery, response: UrlExclusionResponse, paginated: true,
  summary: "List the URLs excluded from tracking",
  description: `${EXCLUSIONS} Ordered by createdAt descending, then url; \`q\` keeps URLs containing the text. \`meta.total\` is exact.`,
});
export const deleteProjectUrlExclusionsOp = defineOperation({
  method: "DELETE", path: `${P}/url-exclusions`, tags, scopes: W, params: projectParams, body: deleteUrlExclusionsBody, response: DeleteUrlExclusionsResponse,
  maxBodyBytes: MAX_EXCLUSION_BODY_BYTES,
  summary: "Allow excluded URLs back",
  description: `${EXCLUSIONS} Deletes the exclusions of \`urls\` (1-${MAX_EXCLUSION_URLS.toLocaleString("en-US")}, normalized as tracked URLs are; `
    + "URLs that are not excluded count as `notExcluded`) or, with `{ \"all\": true }`, every exclusion of the project: the next sitemap sync or import "
    + "that lists them admits them again (a sync charges 1 credit each then). One transaction, one audit entry (`project.updated`).",
});
