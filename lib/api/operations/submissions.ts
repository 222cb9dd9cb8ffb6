// OpenAPI registrations of the IndexNow submissions area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { paginationQuery } from "@/lib/core/pagination";
import { listSubmissionsQuery, submissionParams, SubmissionDetailResponse, SubmissionResponse, SubmissionUrlResponse } from "@/lib/indexnow/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";

export const getProjectSubmissionsOp = defineOperation({
  method: "GET", path: `${P}/submissions`, tags: ["Submissions"], scopes: R, params: projectParams, query: listSubmissionsQuery,
  response: SubmissionResponse, paginated: true,
  summary: "List the project's IndexNow submissions, newest first",
  description: "One Submission per batch sent to IndexNow (at most 10,000 URLs, one host: the project's domain). Submissions are created "
    + "automatically only, never by hand, and only for active projects with a verified IndexNow key: newly admitted URLs (sitemap, manual, "
    + "import), URLs whose sitemap lastmod changed, and URLs whose audit changed materially. An unchanged URL is never sent again. "
    + "Status: `accepted` (200), `submitted` (202, key validation pending), `rejected` (400, 403, 422; a 403 opens the "
    + "`indexnow_key_invalid` issue, which the next accepted batch resolves), `error` (429, 5xx, no answer). After a failed batch the "
    + "project backs off (5 minutes doubling up to 6 hours; a longer `Retry-After` is honoured) and the same URLs are retried; a URL is "
    + "given up after 10 failed batches (403 excepted) until it changes again. `responseBody` keeps at most 8 KiB of the answer. "
    + "Batch summaries are kept indefinitely, per-URL detail for 90 days. Ordered by createdAt descending, then id.",
});
export const getProjectSubmissionOp = defineOperation({
  method: "GET", path: `${P}/submissions/{submissionId}`, tags: ["Submissions"], scopes: R, params: submissionParams, response: SubmissionDetailResponse,
  summary: "Get one IndexNow submission",
  description: "The batch (as in the list) with `urlsListed`, the URLs still on record, and `urlsKeptUntil`: per-URL detail is kept 90 days.",
});
export const getProjectSubmissionUrlsOp = defineOperation({
  method: "GET", path: `${P}/submissions/{submissionId}/urls`, tags: ["Submissions"], scopes: R, params: submissionParams, query: paginationQuery,
  response: SubmissionUrlResponse, paginated: true,
  summary: "List the URLs of an IndexNow submission",
  description: "The URLs the batch carried, in URL order, each with the batch's answer (`outcome`: IndexNow answers for a batch as a whole) and "
    + "where the URL stands now: still tracked, waiting in the queue to be sent (again), its last delivered batch, Google's and Bing's "
    + "index states. Empty once the 90 days of per-URL detail have passed.",
});
