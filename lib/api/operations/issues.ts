// OpenAPI registrations of the issues area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { issueParams, IssueResponse, IssueUrlResponse, listIssuesQuery, updateIssueBody } from "@/lib/issues/schemas";
import { exportIssueUrlsQuery } from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}/issues";
const tags = ["Issues"];

export const getProjectIssuesOp = defineOperation({
  method: "GET", path: P, tags, scopes: R, params: projectParams, query: listIssuesQuery, response: IssueResponse, paginated: true,
  summary: "List the project's issue groups",
  description: "One group per issue type. Ordered by severity descending (critical, warning, info), then affectedUrlCount descending, then id. "
    + "`type`, `severity` and `status` are optional filters combined with AND; an unknown value is a 400. `meta.total` is exact.",
});
export const getProjectIssueOp = defineOperation({
  method: "GET", path: `${P}/{issueId}`, tags, scopes: R, params: issueParams, response: IssueResponse,
  summary: "Get one issue group",
});
export const patchProjectIssueOp = defineOperation({
  method: "PATCH", path: `${P}/{issueId}`, tags, scopes: W, params: issueParams, body: updateIssueBody, response: IssueResponse,
  summary: "Open, resolve or ignore an issue group",
  description: "`resolved`: manual resolve; the group and its open memberships resolve now (affectedUrlCount 0, sampleUrls empty) and the "
    + "`issue.resolved` event is emitted after the change commits; a later detection reopens the group. "
    + "`ignored`: silences the type for the project; detections are still recorded but the group stays ignored and resolvedAt stays null; "
    + "an optional `note` says why (kept with who ignored it and when: `ignoreNote`, `ignoredAt`, `ignoredBy`). "
    + "`open`: reopens the group (resolvedAt null) and brings back the URLs a manual resolve closed that no check has found fixed since "
    + "(affectedUrlCount counts them again). Any move between the three is allowed and audited (`project.updated`); asking for the current "
    + "status changes nothing and emits nothing (an ignored group given another note keeps the new note).",
});
export const getProjectIssueUrlsOp = defineOperation({
  method: "GET", path: `${P}/{issueId}/urls`, tags, scopes: R, params: issueParams, query: paginationQuery, response: IssueUrlResponse, paginated: true,
  summary: "List the URLs of an issue group, with their evidence",
  description: "Currently affected memberships (resolvedAt null) first, then resolved ones; each part by detectedAt descending, then id. "
    + "Each carries `evidence`: the URL's status, redirect chain (every redirect of its last audit), canonical, robots.txt rule, "
    + "meta robots and X-Robots-Tag, and Google's and Bing's states as they stand now.",
});
export const getProjectIssueUrlsExportOp = defineOperation({
  method: "GET", path: `${P}/{issueId}/urls/export`, tags, scopes: R, params: issueParams, query: exportIssueUrlsQuery, response: z.string(), rawResponse: true, responseContentType: "text/csv",
  summary: "Export the URLs of an issue group as CSV (streamed)",
  description: "Every membership of the group in the list's order (currently affected first), as `text/csv` (UTF-8, RFC 4180, CRLF) named "
    + "`{domain}-{issue-type}-urls-{YYYY-MM-DD}.csv`: the membership's fields as GET …/urls returns them (`url` first; `resolvedAt` empty while "
    + "affected), then the URL's current evidence, every TrackedUrl field but those of the same name (`healthState`, `httpStatus`, "
    + "`redirectTarget`, `canonicalUrl`, both engines' states, …). Cells starting with `=`, `+`, `-` or `@` are prefixed with `'`. Streamed in batches as the client reads.",
});
