// OpenAPI registrations of the removals area (issue 25): one defineOperation per endpoint, read by its route and the OpenAPI document.
import { z } from "zod";
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { MAX_IMPORT_BYTES, uploadImportForm } from "@/lib/imports/schemas";
import {
  CreateRemovalBody, CreateRemovalResponse, listRemovalsQuery, listRemovalUrlsQuery, MAX_REMOVAL_URLS, RemovalBatchResponse, removalImportQuery,
  RemovalImportResponse, removalParams, RemovalUrlResponse,
} from "@/lib/removals/schemas";
import { defineOperation } from "../operation";

const base = "/api/user/organizations/{organizationId}/projects/{id}/removals";
const tags = ["Removals"];

export const getRemovalsOp = defineOperation({
  method: "GET", path: base, tags, scopes: R, params: projectParams, query: listRemovalsQuery, response: RemovalBatchResponse, paginated: true,
  summary: "The project's removal batches",
  description: "Batches of URLs declared as leaving the index, active ones with stuck URLs first, then active, then the rest, newest first; `status` filters. "
    + "Each batch has its counts per state (pending, confirmed by site, removed, stuck, cancelled), per engine (`engineA` Google, `engineB` Bing) its progress "
    + "and days from declaration to removal, and why its stuck URLs are stuck. `meta.suggestions` lists URLs that left the sitemap and now answer 404/410 "
    + "or redirect (at most 50; `meta.suggestionsTotal` counts them all): offered as removals, never declared by themselves.",
});
export const postRemovalsOp = defineOperation({
  method: "POST", path: base, tags, scopes: W, params: projectParams, body: CreateRemovalBody, response: CreateRemovalResponse, created: true,
  // 10,000 URLs of a few hundred characters each are more than the default 1 MiB of JSON.
  maxBodyBytes: MAX_IMPORT_BYTES,
  errors: ["NOT_FOUND", "CONFLICT"],
  summary: "Declare a removal",
  description: `Up to ${MAX_REMOVAL_URLS.toLocaleString("en-US")} tracked URLs (\`urlIds\`, \`urls\`, or \`filter\`: every URL the URL list's filters match) with one intent: \`gone\` (the page answers 404 or 410), `
    + "`redirected` (a permanent redirect to `redirectTarget`; without one, to each URL's own audited target, or any live page), `noindexed` (noindex served to "
    + "Googlebot and Bingbot) or `blocked` (robots.txt disallows both). From then on our audit checks each URL, Google and Bing are asked through the coverage "
    + "backlog, and a URL still indexed `stuckAfterDays` (default 30) after the declaration is stuck (`removal_stuck` issue, `removal.stuck` webhook). "
    + "Refused whole: URLs the project does not track (400 naming them in `meta.untracked`), ids that are not the project's (404, `meta.unknownIds`), a redirect "
    + "target that is one of the URLs (400), a URL already in an active removal (409, `meta.urls`; by `filter` such URLs are left out with the warning "
    + "`already_in_removal`, and 409 only when every matching URL is). By `filter`: at least one filter, at most 10,000 matching URLs (400 otherwise), none "
    + "matching is a 400. Accepted with `warnings`: a redirect target on another host, "
    + "the `blocked` intent (a blocked page can stay indexed: the engines no longer see its noindex), URLs the sitemap still lists. "
    + "The JSON body may take up to 5 MiB (413 beyond).",
});
export const postRemovalImportOp = defineOperation({
  method: "POST", path: `${base}/import`, tags, scopes: W, params: projectParams, query: removalImportQuery,
  body: uploadImportForm, bodyContentType: "multipart/form-data", response: RemovalImportResponse, created: true, alsoReturns: { 200: "A preview (`preview=true`): nothing declared" },
  errors: ["CONFLICT"],
  summary: "Declare removals from a file",
  description: [
    "The file as for URL imports: `multipart/form-data` with the field `file` (a `.txt` name or a `text/plain` part is read as text, anything else as CSV), or the raw "
      + "body as `text/csv` or `text/plain`. At most 5 MiB (413 PAYLOAD_TOO_LARGE, read no further) and 50,000 rows; UTF-8; the same header rule and delimiters.",
    "A CSV row is a URL, then optionally its intent and its redirect target. With a header row, the columns are found by their labels: `url` (or `loc`, `address`, "
      + "`page url`, `old url`, `from`; else the first column), `intent` (or `action`), `redirect target` (or `target`, `redirect to`, `new url`, `destination`, `to`); "
      + "other columns are ignored. Without a header they are read in that order. A text file holds one URL per line. An intent cell reads `gone`, `redirected`, "
      + "`noindexed`, `blocked` (or `404`, `410`, `301`, `308`, `redirect`, `noindex`, `robots`); an empty one takes `intent` from the query. `redirectTarget` "
      + "in the query is the target of `redirected` rows without their own.",
    "Rows that cannot be declared are left out, counted (`skippedByReason`) and listed (`skipped`, the first 1,000) with the reason in words: not a URL (`invalid_url`, "
      + "…), `off_host`, `duplicate` (with the line it repeats), `untracked`, `already_in_removal`, `invalid_intent`, `missing_intent`, `invalid_redirect_target`, "
      + "`redirect_target_without_redirected`, `redirect_to_itself`. The rest is declared at once, one batch per intent (201, `removals`), all or nothing, with the "
      + "warnings of `POST …/removals` (an off-site target is recorded as such). At most 10,000 URLs per file (400 otherwise); a file with nothing to declare is a 400.",
    "`preview=true` answers the same counts with 200 and writes nothing: read it, then send the same file without `preview` to declare.",
  ].join("\n\n"),
});
export const getRemovalOp = defineOperation({
  method: "GET", path: `${base}/{removalId}`, tags, scopes: R, params: removalParams, response: RemovalBatchResponse,
  summary: "One removal batch with per-engine progress",
});
export const deleteRemovalOp = defineOperation({
  method: "DELETE", path: `${base}/{removalId}`, tags, scopes: W, params: removalParams, response: RemovalBatchResponse,
  summary: "Cancel a removal",
  description: "URLs not yet removed are cancelled (free for another removal), their `removal_stuck` memberships resolve, and the public removal sitemap answers 404 from now on.",
});
export const getRemovalUrlsOp = defineOperation({
  method: "GET", path: `${base}/{removalId}/urls`, tags, scopes: R, params: removalParams, query: listRemovalUrlsQuery, response: RemovalUrlResponse, paginated: true,
  summary: "The URLs of a removal batch",
  description: "Stuck first, then pending, confirmed by site, removed and cancelled, by URL; `state` filters. Per URL: what our audit sees (in words) and each "
    + "engine's last state, when it dropped the URL and after how many days. `format=csv` answers every URL of the batch as `text/csv` (url first) for Search "
    + "Console's Removals tool.",
});
export const getRemovalSitemapOp = defineOperation({
  method: "GET", path: `${base}/{removalId}/sitemap.xml`, tags, scopes: R, params: removalParams, response: z.string(), rawResponse: true, responseContentType: "application/xml",
  summary: "The removal sitemap (XML)",
  description: "A sitemap (`application/xml`) of the batch's URLs with `lastmod` = when the removal was declared: submit it to Google Search Console and Bing "
    + "Webmaster Tools so that they re-fetch the URLs and find them gone. The same file is served without credentials at the batch's `sitemapUrl`.",
});
export const getPublicRemovalSitemapOp = defineOperation({
  method: "GET", path: "/api/removal-sitemaps/{file}", tags, scopes: "public", params: z.object({ file: z.string().max(80) }), response: z.string(), rawResponse: true, responseContentType: "application/xml",
  summary: "A removal sitemap at its public address",
  description: "`{token}.xml`, the unguessable address a batch's `sitemapUrl` gives. No credentials. Answers 404 once the batch is cancelled.",
});
export const getUrlRemovalsOp = defineOperation({
  method: "GET", path: "/api/user/organizations/{organizationId}/projects/{id}/urls/{urlId}/removals", tags, scopes: R,
  params: z.object({ organizationId: removalParams.shape.organizationId, id: removalParams.shape.id, urlId: removalParams.shape.removalId }),
  response: RemovalUrlResponse, responseIsList: true,
  summary: "A URL's removal timeline",
  description: "Every removal the URL has been part of (at most 20, newest first): declared, confirmed by our audit, removed by each engine, stuck or cancelled.",
});
