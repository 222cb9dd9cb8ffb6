// OpenAPI registrations of audits and inspections: inspect now, the "check again" queue, URL history.
import { R, W } from "@/lib/auth/scopes";
import { inspectionsBody, QueueInspectionsResponse, UrlHistoryEntryResponse, urlHistoryQuery } from "@/lib/inspections/schemas";
import { projectParams } from "@/lib/projects/schemas";
import { TrackedUrlResponse, urlParams } from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Inspections"];

export const postProjectUrlInspectOp = defineOperation({
  method: "POST", path: `${P}/urls/{urlId}/inspect`, tags, scopes: W, params: urlParams, response: TrackedUrlResponse,
  errors: ["INSUFFICIENT_CREDITS", "RATE_LIMITED"],
  summary: "Audit one URL now (1 credit)",
  description: "Reads robots.txt of the URL's origin (RFC 9309), then, unless Googlebot or Bingbot may not fetch it, GETs the URL through the "
    + "safe fetcher (redirects followed and recorded, at most 10), recognises WAF challenges, reads the HTML head (meta robots, canonical) and "
    + "the X-Robots-Tag and Link headers, and stores health, indexability and the issue memberships they imply. Answers the updated URL; the "
    + "details (every hop, the robots.txt rule, the WAF vendor) are in its history. 402 without a credit (checked before any request; the "
    + "credit is debited only when the outcome is stored); 429 when 10 inspections of the project already run.",
});
export const postProjectInspectionsOp = defineOperation({
  method: "POST", path: `${P}/inspections`, tags, scopes: W, params: projectParams, body: inspectionsBody, response: QueueInspectionsResponse,
  errors: ["INSUFFICIENT_CREDITS", "CONFLICT"],
  summary: "Queue URLs to be inspected first (\"check again\")",
  description: "The URLs: `urlIds` (a selection, 1-1000), or `filter` (the URL list's filters as GET …/urls takes them, `q` included; `{}` is every "
    + "URL) with `expectedCount`, the number of URLs the person confirmed: every URL the filter matches, at most 10,000 (more is a 400), and a 409 "
    + "CONFLICT with `meta.matched` when the filter now matches another number. The scheduler (every 5 minutes) inspects queued URLs before due "
    + "ones, whether or not automation is on, while the project is active; each is charged 1 credit when inspected, so the organization's balance "
    + "drops within minutes. 402 INSUFFICIENT_CREDITS (`meta.required`, `meta.available`) when the balance, less what URLs already waiting in the "
    + "organization's queue will cost, cannot pay for every URL newly queued; nothing is queued then. A URL already queued keeps its place and is not "
    + "charged twice. Ids that are not URLs of this project are counted in `unknown` and ignored. One transaction, one audit entry (`project.updated`).",
});
export const getProjectUrlHistoryOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/history`, tags, scopes: R, params: urlParams, query: urlHistoryQuery,
  response: UrlHistoryEntryResponse, paginated: true,
  summary: "The URL's audit, Google and Bing history, newest first",
  description: "One entry per audit (`kind: audit`, `state` = what it saw, `changed` = fields that differ from the previous audit) and per "
    + "definitive answer of Google or Bing (`kind: engineA` = Google Search Console / `engineB` = Bing Webmaster Tools: `state` holds the mapped state, the raw fields that decided it — coverage state, "
    + "verdict, indexing state, robots.txt and fetch states, or the Bing Webmaster Tools record — and, for a drop from the index, `droppedFrom` and "
    + "`dropCause`); `source` says what asked (`scheduled`, `inspect_now`, `requested`). `kind` keeps one kind only. Kept 400 days.",
});
