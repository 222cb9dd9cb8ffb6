import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { projectParams } from "@/lib/projects/schemas";
import { CAUSES } from "@/lib/diagnosis/causes";
import { MAX_BULK_URLS, MAX_SELECTED_URLS } from "./limits";
import { MAX_URL_LENGTH } from "./normalize-url";

// The TrackedUrl enumerations of SPEC.md (they mirror the database enums; internal.ts checks it).
export const URL_SOURCES = ["sitemap", "manual", "import"] as const;
export const HEALTH_STATES = ["unknown", "healthy", "redirected", "client_error", "server_error", "timeout"] as const;
export const INDEXABILITIES = ["unknown", "indexable", "noindex", "canonicalized", "blocked_by_robots"] as const;
export const ENGINE_A_STATES = ["unknown", "indexed", "crawled_not_indexed", "discovered_not_indexed", "excluded", "blocked", "redirected", "submitted"] as const;
export const ENGINE_B_STATES = ["unknown", "indexed", "not_indexed", "submitted", "blocked", "error"] as const;
export const DISAGREEMENTS = ["indexable_not_in_engine", "nonindexable_but_indexed", "any"] as const;
export const STATE_SOURCES = ["inspection", "search_analytics"] as const;
export const URL_PRIORITIES = ["high", "normal", "low"] as const;
/** The live counters of GET stats a URL list can be filtered by (the overview's counter cards link to them). */
export const URL_COUNTERS = ["broken", "indexed", "not_indexed"] as const;
/** The causes of the diagnosis, in rule order (lib/diagnosis/causes.ts). */
export const NOT_INDEXED_CAUSES = CAUSES;
export const URL_SORTS = ["discoveredAt", "clicks28d", "impressions28d", "lastImpressionAt", "engineAObservedAt", "lastGooglebotFetchAt"] as const;

// Disagreement filter (SPEC.md leaves "reports not indexed" open). An engine "reports not indexed" when it
// gave a known state that is not indexed: Google (engineA) crawled_not_indexed, discovered_not_indexed, excluded
// or blocked; Bing (engineB) not_indexed or blocked. unknown, submitted, redirected (Google) and error (Bing) say nothing.
// - indexable_not_in_engine: indexability = indexable AND (A reports not indexed OR B reports not indexed)
// - nonindexable_but_indexed: indexability ∈ {noindex, canonicalized, blocked_by_robots} AND (A = indexed OR B = indexed)
// - any: either of the two (they never overlap).
export const ENGINE_A_NOT_INDEXED = ["crawled_not_indexed", "discovered_not_indexed", "excluded", "blocked"] as const;
export const ENGINE_B_NOT_INDEXED = ["not_indexed", "blocked"] as const;
export const NON_INDEXABLE = ["noindex", "canonicalized", "blocked_by_robots"] as const;

export const DISAGREEMENT_DESCRIPTION =
  "`indexable_not_in_engine`: indexability is `indexable` and Google or Bing reports the URL not indexed (Google: engineAState ∈ "
  + "{crawled_not_indexed, discovered_not_indexed, excluded, blocked}, or Bing: engineBState ∈ {not_indexed, blocked}). "
  + "`nonindexable_but_indexed`: indexability ∈ {noindex, canonicalized, blocked_by_robots} and Google (engineAState) or Bing (engineBState) reports `indexed`. "
  + "`any`: either.";

export const urlParams = projectParams.extend({ urlId: uuidParam });

// An empty value (`?source=`) means no filter, as for offset and limit.
const filter = <T extends z.ZodType>(schema: T, description: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional()).describe(description);
const flag = z.enum(["true", "false"]);

export const listUrlsQuery = paginationQuery.extend({
  q: filter(z.string().max(MAX_URL_LENGTH), "Only URLs containing this text (case-insensitive substring of the URL; `%` and `_` are matched literally)"),
  healthState: filter(z.enum(HEALTH_STATES), "Only URLs in this health state"),
  indexability: filter(z.enum(INDEXABILITIES), "Only URLs with this indexability"),
  engineAState: filter(z.enum(ENGINE_A_STATES), "Only URLs in this Google state (engineAState, from Google Search Console)"),
  engineBState: filter(z.enum(ENGINE_B_STATES), "Only URLs in this Bing state (engineBState, from Bing Webmaster Tools)"),
  source: filter(z.enum(URL_SOURCES), "Only URLs that entered the inventory this way"),
  hasIssues: filter(flag, "`true`: URLs with an open membership (resolvedAt null) in an issue group whose status is `open`; `false`: the others"),
  isStale: filter(flag, "`true`: URLs with staleAt set (missing from the sitemap); `false`: the others"),
  disagreement: filter(z.enum(DISAGREEMENTS), DISAGREEMENT_DESCRIPTION),
  counter: filter(z.enum(URL_COUNTERS), "The URLs a live counter of GET stats counts: `broken` (healthState client_error, server_error or timeout; "
    + "brokenUrls), `indexed` (Google or Bing says indexed; indexedUrls), `not_indexed` (Google or Bing reported a state and neither says "
    + "indexed; notIndexedUrls)"),
  stateSource: filter(z.enum([...STATE_SOURCES, "none"]), "Only URLs whose Google verdict comes from this source (`none`: no verdict observed yet)"),
  verdictOlderThanDays: filter(z.coerce.number().int().min(1).max(3650),
    "Only URLs whose Google verdict was observed more than this many days ago, or never"),
  notCrawledDays: filter(z.coerce.number().int().min(1).max(3650),
    "Only URLs without a verified Googlebot fetch in this many days (from server logs), or never"),
  cause: filter(z.enum(NOT_INDEXED_CAUSES), "Only URLs with this cause of not being indexed (notIndexedCause: Google's, else Bing's; with `causeEngine`, that engine's)"),
  causeEngine: filter(z.enum(["engineA", "engineB"]), "With `cause`: the cause of this engine only (`engineA` Google, `engineB` Bing)"),
  orphan: filter(flag, "`true`: orphan pages (no audited page links to them, after a complete audit cycle); `false`: the pages known not to be orphans"),
  clickDepthMin: filter(z.coerce.number().int().min(0).max(1000), "Only URLs at least this many clicks from the home page (URLs of unknown depth excluded)"),
  sort: filter(z.enum(URL_SORTS.flatMap((f) => [f, `${f}:asc`, `${f}:desc`] as const) as [string, ...string[]]),
    "Order of the list: a field, optionally `:asc` or `:desc` (default `discoveredAt:asc`; the other fields default to `:desc`). "
    + "Descending puts URLs without a value last, ascending first; ties by id"),
});
export type ListUrlsQuery = z.infer<typeof listUrlsQuery>;
export type UrlFilters = Omit<ListUrlsQuery, "offset" | "limit" | "sort">;

/** The list's filters alone (as a JSON object in a bulk action's body; unknown keys are a 400 there). */
export const urlFilterBody = z.strictObject(listUrlsQuery.omit({ offset: true, limit: true, sort: true }).shape);

/** Ids of a selection in a query string: comma-separated. */
const MAX_SELECTED = MAX_SELECTED_URLS;
const idList = z.preprocess((v) => (typeof v === "string" ? (v === "" ? undefined : v.split(",")) : v),
  z.array(z.uuid()).min(1).max(MAX_SELECTED).optional());

const exportHeader = z.enum(["fields", "labels"]).default("fields");
export const exportUrlsQuery = listUrlsQuery.omit({ offset: true, limit: true }).extend({
  ids: idList.describe(`Only these tracked URL ids (comma-separated, at most ${MAX_SELECTED}): an export of a selection. Other ids are ignored`),
  columns: z.preprocess((v) => (typeof v === "string" ? (v.trim() ? v.split(",").map((s) => s.trim()) : undefined) : v),
    z.array(z.string().refine((f) => Object.hasOwn(TrackedUrlResponse.shape, f), { message: "Not a field of a TrackedUrl" })).max(100).optional())
    .describe("Only these fields (comma-separated TrackedUrl field names), in this order; `url` is always first. Default: every field, in the API's order"),
  header: exportHeader
    .describe("`fields` (default): the header names each field as the API does. `labels`: a person's file, the header in words (Google and Bing named) and without the internal ids (id, organizationId, projectId)"),
});
export type ExportUrlsQuery = z.infer<typeof exportUrlsQuery>;

export const exportIssueUrlsQuery = z.object({
  header: exportHeader.describe("`fields` (default): the header names each field as the API does. `labels`: a person's file, the header in words "
    + "(Google and Bing named) and without the internal ids (the membership's and the URL's)"),
});

// Bulk actions (check again, stop tracking, set priority) take the URLs either as ids (a selection) or as the list's
// filters (everything they match, at most MAX_BULK_URLS); with a filter, `expectedCount` is the number the person
// confirmed, and the action is refused (409) when the filter now matches another number.
export { MAX_BULK_URLS };
export const urlSelection = {
  urlIds: z.array(z.uuid()).min(1).max(MAX_SELECTED).optional().describe(`Tracked URL ids of the project (1-${MAX_SELECTED})`),
  filter: urlFilterBody.optional().describe(`The URL list's filters (as GET …/urls takes them, \`q\` included; {} is every URL): every URL they match, at most ${MAX_BULK_URLS.toLocaleString("en-US")}`),
  expectedCount: z.number().int().min(0).max(MAX_BULK_URLS).optional()
    .describe("With `filter`, required: how many URLs the filter matched when the action was confirmed (the list's `meta.total`). Another count now is a 409 CONFLICT"),
};
export type UrlSelection = { urlIds?: string[]; filter?: UrlFilters; expectedCount?: number };

/** Exactly one of `urlIds` and `filter`, and `expectedCount` with a filter. */
export function refineSelection(s: UrlSelection, ctx: z.RefinementCtx) {
  if ((s.urlIds === undefined) === (s.filter === undefined)) ctx.addIssue({ code: "custom", path: ["urlIds"], message: "Give either urlIds or filter" });
  if (s.filter !== undefined && s.expectedCount === undefined) ctx.addIssue({ code: "custom", path: ["expectedCount"], message: "A filter needs expectedCount: the number of URLs confirmed" });
  if (s.urlIds !== undefined && s.expectedCount !== undefined) ctx.addIssue({ code: "custom", path: ["expectedCount"], message: "expectedCount goes with a filter only" });
}

export const untrackUrlsBody = z.strictObject(urlSelection).superRefine(refineSelection);
export const UntrackUrlsResponse = z.object({
  removed: z.number().int().min(0).describe("URLs no longer tracked (deleted with their history, issue memberships and queue entries)"),
  unknown: z.number().int().min(0).describe("Ids that are not tracked URLs of this project (ignored)"),
  keptInRemoval: z.number().int().min(0).describe("URLs kept because an active removal follows them out of the index (cancel the removal first)"),
  stillInSitemap: z.number().int().min(0).describe("Of the removed URLs, those the last sitemap sync still listed: they are excluded, so the next sync "
    + "does not admit them again (nor charge them)"),
  excluded: z.number().int().min(0).describe("Exclusions recorded (GET …/url-exclusions): every removed URL. Sitemap syncs and imports skip them; "
    + "admitting one by hand (POST …/urls) tracks it again"),
});

export const setUrlPriorityBody = z.strictObject({
  ...urlSelection,
  priority: z.enum(URL_PRIORITIES).nullable().describe("The priority to give the URLs; null hands them back to the project's priority rules"),
}).superRefine(refineSelection);
export const SetUrlPriorityResponse = z.object({
  updated: z.number().int().min(0).describe("URLs whose priority was set"),
  unknown: z.number().int().min(0).describe("Ids that are not tracked URLs of this project (ignored)"),
});

// URL exclusions: URLs the owner stopped tracking, which sitemap syncs and imports skip (GET/DELETE …/url-exclusions).
/** At most this many URLs per DELETE …/url-exclusions (`{ all: true }` has no bound). */
export const MAX_EXCLUSION_URLS = MAX_BULK_URLS;
/** Up to 10,000 URLs of up to 2,048 characters would not fit the default 1 MiB body. */
export const MAX_EXCLUSION_BODY_BYTES = 8 * 1024 * 1024;
export const listUrlExclusionsQuery = paginationQuery.extend({
  q: filter(z.string().max(MAX_URL_LENGTH), "Only excluded URLs containing this text (case-insensitive substring; `%` and `_` are matched literally)"),
});
export type ListUrlExclusionsQuery = z.infer<typeof listUrlExclusionsQuery>;
export const deleteUrlExclusionsBody = z.strictObject({
  urls: z.array(z.string().min(1).max(MAX_URL_LENGTH)).min(1).max(MAX_EXCLUSION_URLS).optional()
    .describe(`The excluded URLs to allow back (1-${MAX_EXCLUSION_URLS.toLocaleString("en-US")}), as the list returns them (they are normalized as tracked URLs are)`),
  all: z.literal(true).optional().describe("`true`: every exclusion of the project"),
}).superRefine((b, ctx) => {
  if ((b.urls === undefined) === (b.all === undefined)) ctx.addIssue({ code: "custom", path: ["urls"], message: "Give either urls or all: true" });
});
export const UrlExclusionResponse = z.object({
  url: z.string().describe("The normalized URL, as tracked URLs store it"),
  createdAt: z.iso.datetime().describe("When tracking stopped"),
  createdByUserId: z.uuid().nullable().describe("Who stopped tracking it (null: an API key without a user, or a user since deleted)"),
});
export type UrlExclusionResponse = z.infer<typeof UrlExclusionResponse>;
export const DeleteUrlExclusionsResponse = z.object({
  deleted: z.number().int().min(0).describe("Exclusions deleted: these URLs come back at the next sitemap sync or import that lists them"),
  notExcluded: z.number().int().min(0).describe("URLs sent that were not excluded (ignored); 0 with `all`"),
});

export const MAX_ADMISSION_BATCH = 1000;
export const admitUrlsBody = z.strictObject({
  urls: z.array(z.string().min(1).max(MAX_URL_LENGTH)).min(1).max(MAX_ADMISSION_BATCH),
});

export const AdmitUrlsResponse = z.object({
  inserted: z.number().int().min(0),
  skipped: z.number().int().min(0).describe("In-batch duplicates (after normalization), off-host URLs and URLs already tracked"),
  skippedOffHost: z.array(z.object({ url: z.string(), reason: z.literal("off_host") })),
});
export type AdmitUrlsResponse = z.infer<typeof AdmitUrlsResponse>;

const at = z.iso.datetime();
const atOrNull = at.nullable();
export const TrackedUrlResponse = z.object({
  id: z.uuid(), organizationId: z.uuid(), projectId: z.uuid(),
  url: z.string(),
  source: z.enum(URL_SOURCES),
  discoveredAt: at,
  firstSeenInSitemapAt: atOrNull, lastSeenInSitemapAt: atOrNull, lastmod: atOrNull,
  staleAt: atOrNull,
  healthState: z.enum(HEALTH_STATES),
  httpStatus: z.number().int().nullable(),
  redirectTarget: z.string().nullable(),
  redirectHops: z.number().int().nullable(),
  healthError: z.string().nullable(),
  lastHealthCheckAt: atOrNull,
  indexability: z.enum(INDEXABILITIES),
  canonicalUrl: z.string().nullable(), metaRobots: z.string().nullable(), xRobotsTag: z.string().nullable(),
  lastAuditAt: atOrNull,
  lastInspectionAttemptAt: atOrNull, lastInspectionSuccessAt: atOrNull, lastInspectionFailureAt: atOrNull,
  lastInspectionFailureCode: z.string().nullable(),
  consecutiveInspectionFailures: z.number().int().min(0),
  lastIndexNowSubmittedAt: atOrNull,
  indexNowAttempts: z.number().int(),
  engineAState: z.enum(ENGINE_A_STATES).describe("Google's index state for the URL (Google Search Console)"),
  engineBState: z.enum(ENGINE_B_STATES).describe("Bing's index state for the URL (Bing Webmaster Tools)"),
  indexedAt: atOrNull, lastEngineSyncAt: atOrNull, nextInspectionAt: atOrNull,
  engineAStateSource: z.enum(STATE_SOURCES).nullable()
    .describe("What said engineAState: a URL inspection, or Search Analytics impressions (a page shown in Google's results was indexed that day)"),
  engineAObservedAt: atOrNull.describe("When engineAState was last known true: an inspection's time, or the start (Pacific time) of the last day with impressions"),
  engineBObservedAt: atOrNull.describe("When Bing's state (engineBState) was last observed"),
  clicks28d: z.number().int().min(0).nullable().describe("Google Search clicks over the last 28 days (null before the first Search Analytics pull)"),
  impressions28d: z.number().int().min(0).nullable(),
  ctr28d: z.number().min(0).nullable().describe("clicks28d / impressions28d"),
  position28d: z.number().nullable().describe("Average position over the last 28 days, weighted by impressions"),
  lastImpressionAt: atOrNull.describe("Start (Pacific time) of the last day the page had an impression in Google Search"),
  priority: z.enum(URL_PRIORITIES).nullable(),
  lastGooglebotFetchAt: atOrNull, lastBingbotFetchAt: atOrNull,
  crawlerHits30d: z.number().int().min(0).nullable(),
  inlinks: z.number().int().min(0).nullable().describe("Distinct audited pages of the site linking here (null before the link graph is computed)"),
  clickDepth: z.number().int().min(0).nullable().describe("Clicks from the home page along internal links (null: unknown or unreachable)"),
  orphan: z.boolean().nullable().describe("true: tracked, audited in the last complete cycle, and linked from no audited page (null before a complete cycle)"),
  notIndexedCause: z.enum(NOT_INDEXED_CAUSES).nullable()
    .describe("Why the URL is not indexed: Google's cause, else Bing's (docs/diagnosis.md); null while both index it or before the first diagnosis"),
  createdAt: at, updatedAt: at,
});
export type TrackedUrlResponse = z.infer<typeof TrackedUrlResponse>;
