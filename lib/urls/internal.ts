import { z } from "zod";
import { Prisma, type EngineAState, type EngineBState, type HealthState, type Indexability, type TrackedUrl, type UrlCause, type UrlFact, type UrlPriority, type UrlSource, type UrlStateSource } from "@/lib/db";
import { iso } from "@/lib/core/iso";
import { ENGINE_A_STATES, ENGINE_B_STATES, HEALTH_STATES, INDEXABILITIES, STATE_SOURCES, TrackedUrlResponse, URL_PRIORITIES, URL_SOURCES } from "./schemas";

// Compile-time check that the enumerations of schemas.ts cover the database enums and nothing else.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _enumsMatch: [
  Same<(typeof URL_SOURCES)[number], UrlSource>, Same<(typeof HEALTH_STATES)[number], HealthState>,
  Same<(typeof INDEXABILITIES)[number], Indexability>, Same<(typeof ENGINE_A_STATES)[number], EngineAState>,
  Same<(typeof ENGINE_B_STATES)[number], EngineBState>, Same<(typeof STATE_SOURCES)[number], UrlStateSource>,
  Same<(typeof URL_PRIORITIES)[number], UrlPriority>,
] = [true, true, true, true, true, true, true];
void _enumsMatch;

// Every column of tracked_urls under its model field name, so raw rows have the TrackedUrl shape.
const FIELDS = [
  ["id", "id"], ["organizationId", "organization_id"], ["projectId", "project_id"], ["url", "url"], ["source", "source"],
  ["discoveredAt", "discovered_at"], ["firstSeenInSitemapAt", "first_seen_in_sitemap_at"], ["lastSeenInSitemapAt", "last_seen_in_sitemap_at"],
  ["lastmod", "lastmod"], ["staleAt", "stale_at"], ["healthState", "health_state"], ["httpStatus", "http_status"],
  ["redirectTarget", "redirect_target"], ["redirectHops", "redirect_hops"], ["healthError", "health_error"],
  ["lastHealthCheckAt", "last_health_check_at"], ["indexability", "indexability"], ["canonicalUrl", "canonical_url"],
  ["metaRobots", "meta_robots"], ["xRobotsTag", "x_robots_tag"], ["lastAuditAt", "last_audit_at"],
  ["lastInspectionAttemptAt", "last_inspection_attempt_at"], ["lastInspectionSuccessAt", "last_inspection_success_at"],
  ["lastInspectionFailureAt", "last_inspection_failure_at"], ["lastInspectionFailureCode", "last_inspection_failure_code"],
  ["consecutiveInspectionFailures", "consecutive_inspection_failures"], ["lastIndexNowSubmittedAt", "last_index_now_submitted_at"],
  ["indexNowAttempts", "index_now_attempts"], ["engineAState", "engine_a_state"], ["engineBState", "engine_b_state"],
  ["indexedAt", "indexed_at"], ["lastEngineSyncAt", "last_engine_sync_at"], ["engineASyncPriority", "engine_a_sync_priority"],
  ["engineBSyncPriority", "engine_b_sync_priority"], ["engineAIndexedAt", "engine_a_indexed_at"], ["engineBIndexedAt", "engine_b_indexed_at"],
  ["nextInspectionAt", "next_inspection_at"], ["engineAStateSource", "engine_a_state_source"], ["engineAObservedAt", "engine_a_observed_at"],
  ["engineBObservedAt", "engine_b_observed_at"], ["clicks28d", "clicks_28d"], ["impressions28d", "impressions_28d"], ["ctr28d", "ctr_28d"],
  ["position28d", "position_28d"], ["lastImpressionAt", "last_impression_at"], ["impressionDays28d", "impression_days_28d"], ["priority", "priority"],
  ["lastGooglebotFetchAt", "last_googlebot_fetch_at"], ["lastBingbotFetchAt", "last_bingbot_fetch_at"], ["crawlerHits30d", "crawler_hits_30d"],
  ["engineALastCrawlAt", "engine_a_last_crawl_at"], ["engineACheckReason", "engine_a_check_reason"],
  ["sitemapId", "sitemap_id"], ["prioritySetByHand", "priority_set_by_hand"],
  ["createdAt", "created_at"], ["updatedAt", "updated_at"],
] as const satisfies readonly (readonly [keyof TrackedUrl, string])[];
const _allFields: Same<(typeof FIELDS)[number][0], keyof TrackedUrl> = true;
void _allFields;

// The URL's computed facts, null without a row: the link graph's in url_facts aliased `uf`, the diagnosis's causes in
// url_causes aliased `uc` (URL_FACTS_JOIN).
const LINK_FIELDS = [
  ["inlinks", "inlinks"], ["inlinksNofollowOnly", "inlinks_nofollow_only"], ["clickDepth", "click_depth"], ["orphan", "orphan"],
] as const satisfies readonly (readonly [keyof UrlFact, string])[];
const CAUSE_FIELDS = [["engineACause", "engine_a_cause"], ["engineBCause", "engine_b_cause"]] as const satisfies readonly (readonly [keyof UrlCause, string])[];
const FACT_COLUMNS = [...LINK_FIELDS.map(([f, c]) => [f, `uf.${c}`] as const), ...CAUSE_FIELDS.map(([f, c]) => [f, `uc.${c}`] as const)];
type LinkField = (typeof LINK_FIELDS)[number][0];
type CauseField = (typeof CAUSE_FIELDS)[number][0];
/** A tracked URL with its facts: the fields every list, export and answer reads. */
export type TrackedUrlWithFacts = TrackedUrl & { [K in LinkField]: UrlFact[K] | null } & { [K in CauseField]: UrlCause[K] | null };

/** A tracked URL read by Prisma with `include: { facts: true, causes: true }`, its facts as fields (null without a row). */
export function withFacts({ facts, causes, ...url }: TrackedUrl & { facts: UrlFact | null; causes: UrlCause | null }): TrackedUrlWithFacts {
  return {
    ...url,
    ...Object.fromEntries(LINK_FIELDS.map(([field]) => [field, facts?.[field] ?? null])),
    ...Object.fromEntries(CAUSE_FIELDS.map(([field]) => [field, causes?.[field] ?? null])),
  } as TrackedUrlWithFacts;
}

/** Joins URL `t`'s facts as `uf` and its causes as `uc` (at most one row each; none: null). Constant text. */
export const URL_FACTS_JOIN = Prisma.raw("LEFT JOIN url_facts uf ON uf.tracked_url_id = t.id LEFT JOIN url_causes uc ON uc.tracked_url_id = t.id");

/** `SELECT` list of every field of a tracked URL `t` with its facts `uf` and causes `uc` (URL_FACTS_JOIN) (constant text, no input). */
export const TRACKED_URL_COLUMNS = Prisma.raw([
  ...FIELDS.map(([field, column]) => `t.${column} AS "${field}"`),
  ...FACT_COLUMNS.map(([field, column]) => `${column} AS "${field}"`),
].join(", "));

const COLUMN_OF = new Map<string, string>([...FIELDS.map(([f, c]) => [f, `t.${c}`] as const), ...FACT_COLUMNS]);
/** Fields of the public shape computed from columns: the URL's one cause is Google's, then Bing's. */
const COMPUTED = { notIndexedCause: "coalesce(uc.engine_a_cause, uc.engine_b_cause)::text" } as const;
export type UrlField = keyof TrackedUrlWithFacts | keyof typeof COMPUTED;
/** The SQL of a field of `t` and its facts `uf`, `uc` (a column, or a computed field). */
const exprOf = (f: string) => (f in COMPUTED ? COMPUTED[f as keyof typeof COMPUTED] : COLUMN_OF.get(f)!);
/** `SELECT` list of these fields of `t`, `uf` and `uc` (URL_FACTS_JOIN), in this order (constant text: the fields are the model's, never input). */
export const trackedUrlColumns = (fields: readonly UrlField[]) =>
  Prisma.raw(fields.map((f) => `${exprOf(f)} AS "${f}"`).join(", "));

/**
 * The columns of a URL export: every field of a TrackedUrl as the API returns it, under its API name, `url` first.
 * Read in this order as arrays with ISO timestamps, a row is the API's values already (export.test.ts checks it).
 */
export const URL_EXPORT_COLUMNS = ["url", ...Object.keys(TrackedUrlResponse.shape).filter((k) => k !== "url")] as (keyof TrackedUrlResponse & UrlField)[];

/** A tracked URL row from Prisma (Dates) or from a raw query that read its timestamps as ISO strings (`sqlRows` with `timestamps: "iso"`). */
export type TrackedUrlRow = {
  [K in keyof TrackedUrlWithFacts]: TrackedUrlWithFacts[K] extends Date ? Date | string : TrackedUrlWithFacts[K] extends Date | null ? Date | string | null : TrackedUrlWithFacts[K];
};
/** The columns the public shape is built from (the one cause from both engines' columns). */
export type PublicTrackedUrlRow = Pick<TrackedUrlRow, Exclude<keyof TrackedUrlResponse, "notIndexedCause"> | "engineACause" | "engineBCause">;

/** A field the response schema declares a date-time (`z.iso.datetime()`, nullable or not). */
const isDateTime = (schema: z.ZodType) => (schema instanceof z.ZodNullable ? schema.unwrap() : schema) instanceof z.ZodISODateTime;

/**
 * A tracked URL's public shape as JSON text printed by PostgreSQL from the row `t` and its facts `uf`: the fields of TrackedUrlResponse
 * in its order, date-times as `Date#toISOString` prints them (`2025-01-02T03:04:05.123Z`; the columns hold
 * milliseconds). The object toTrackedUrlResponse builds (tests/urls/list-cache.test.ts compares them), for a page of
 * URLs, which sends it without reading the URL into JavaScript. Numbers are PostgreSQL's shortest exact form
 * (`3e-05` where JavaScript writes `0.00003`: the same number once read). Constant text (no input).
 */
export const PUBLIC_TRACKED_URL_JSON = Prisma.raw(`(SELECT row_to_json(r) FROM (SELECT ${
  Object.entries(TrackedUrlResponse.shape).map(([field, schema]) => {
    const column = exprOf(field);
    return `${isDateTime(schema) ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : column} AS "${field}"`;
  }).join(", ")
}) r)::text`);

const at = (d: Date | string) => (typeof d === "string" ? d : d.toISOString());

/**
 * The public shape of a tracked URL row (from Prisma or from TRACKED_URL_COLUMNS). Built field by field,
 * so nothing but these fields can go out; the column types guarantee what the schema checks (enums
 * above, ISO strings from Date), and tests assert that TrackedUrlResponse parses every answer
 * unchanged. No per-row parse: a page of 100 rows would spend more on it than on its query.
 */
export function toTrackedUrlResponse(r: PublicTrackedUrlRow): TrackedUrlResponse {
  const out: TrackedUrlResponse = {
    id: r.id, organizationId: r.organizationId, projectId: r.projectId, url: r.url, source: r.source,
    discoveredAt: at(r.discoveredAt), firstSeenInSitemapAt: iso(r.firstSeenInSitemapAt),
    lastSeenInSitemapAt: iso(r.lastSeenInSitemapAt), lastmod: iso(r.lastmod), staleAt: iso(r.staleAt),
    healthState: r.healthState, httpStatus: r.httpStatus, redirectTarget: r.redirectTarget, redirectHops: r.redirectHops,
    healthError: r.healthError, lastHealthCheckAt: iso(r.lastHealthCheckAt), indexability: r.indexability,
    canonicalUrl: r.canonicalUrl, metaRobots: r.metaRobots, xRobotsTag: r.xRobotsTag, lastAuditAt: iso(r.lastAuditAt),
    lastInspectionAttemptAt: iso(r.lastInspectionAttemptAt), lastInspectionSuccessAt: iso(r.lastInspectionSuccessAt),
    lastInspectionFailureAt: iso(r.lastInspectionFailureAt), lastInspectionFailureCode: r.lastInspectionFailureCode,
    consecutiveInspectionFailures: r.consecutiveInspectionFailures, lastIndexNowSubmittedAt: iso(r.lastIndexNowSubmittedAt),
    indexNowAttempts: r.indexNowAttempts, engineAState: r.engineAState, engineBState: r.engineBState,
    indexedAt: iso(r.indexedAt), lastEngineSyncAt: iso(r.lastEngineSyncAt), nextInspectionAt: iso(r.nextInspectionAt),
    engineAStateSource: r.engineAStateSource, engineAObservedAt: iso(r.engineAObservedAt), engineBObservedAt: iso(r.engineBObservedAt),
    clicks28d: r.clicks28d, impressions28d: r.impressions28d, ctr28d: r.ctr28d, position28d: r.position28d,
    lastImpressionAt: iso(r.lastImpressionAt), priority: r.priority,
    lastGooglebotFetchAt: iso(r.lastGooglebotFetchAt), lastBingbotFetchAt: iso(r.lastBingbotFetchAt), crawlerHits30d: r.crawlerHits30d,
    inlinks: r.inlinks, clickDepth: r.clickDepth, orphan: r.orphan, notIndexedCause: r.engineACause ?? r.engineBCause ?? null,
    createdAt: at(r.createdAt), updatedAt: at(r.updatedAt),
  };
  return out;
}
