import { URL_EXPORT_COLUMNS } from "./internal";

type Field = (typeof URL_EXPORT_COLUMNS)[number];

/** Internal ids a person has no use for: a person's export (`header=labels`) leaves them out. */
export const INTERNAL_ID_FIELDS: readonly string[] = ["id", "organizationId", "projectId"];

/**
 * The header of each TrackedUrl field in a person's export: the engines by their names (Google, Bing), the
 * table's words where the URL table shows the field. The API's export keeps the field names (docs/guide/urls.md, "Export").
 */
export const URL_EXPORT_LABELS: Record<Exclude<Field, "id" | "organizationId" | "projectId">, string> = {
  url: "URL", source: "Source", discoveredAt: "Discovered", firstSeenInSitemapAt: "First seen in a sitemap",
  lastSeenInSitemapAt: "Last seen in a sitemap", lastmod: "Sitemap lastmod", staleAt: "Left the sitemap",
  healthState: "Health", httpStatus: "HTTP status", redirectTarget: "Redirects to", redirectHops: "Redirect hops", healthError: "Health error",
  lastHealthCheckAt: "Last health check", indexability: "Indexability", canonicalUrl: "Canonical URL", metaRobots: "Meta robots",
  xRobotsTag: "X-Robots-Tag", lastAuditAt: "Last audit",
  lastInspectionAttemptAt: "Last Google or Bing check", lastInspectionSuccessAt: "Last successful Google or Bing check",
  lastInspectionFailureAt: "Last failed Google or Bing check", lastInspectionFailureCode: "Last check failure",
  consecutiveInspectionFailures: "Failed checks in a row", lastIndexNowSubmittedAt: "Last sent to IndexNow (Bing)",
  indexNowAttempts: "IndexNow attempts", engineAState: "Google state", engineBState: "Bing state",
  indexedAt: "Indexed since (Google or Bing)", lastEngineSyncAt: "Last Google or Bing sync", nextInspectionAt: "Next Google or Bing check",
  engineAStateSource: "Google state from", engineAObservedAt: "Google verdict of", engineBObservedAt: "Bing state observed",
  clicks28d: "Google clicks (28 d)", impressions28d: "Google impressions (28 d)", ctr28d: "Google CTR (28 d)",
  position28d: "Google position (28 d)", lastImpressionAt: "Last shown in Google", priority: "Priority",
  lastGooglebotFetchAt: "Last Googlebot visit", lastBingbotFetchAt: "Last Bingbot visit", crawlerHits30d: "Crawler visits (30 d)",
  inlinks: "Internal links in", clickDepth: "Clicks from home", orphan: "Orphan", notIndexedCause: "Why not indexed",
  createdAt: "Tracked since", updatedAt: "Updated",
};

/**
 * Which of URL_EXPORT_COLUMNS a request exports, and the header it writes: `columns` (API field names, in the
 * order given, as the URL table shows them; `url` always first) narrows the fields, `header=labels` writes words instead of field names and drops internal ids.
 */
export function exportLayout(opts: { columns?: readonly string[]; header?: "fields" | "labels" }): { indexes: number[]; header: string[] } {
  const labels = opts.header === "labels";
  const chosen: readonly string[] = opts.columns?.length ? [...new Set(["url", ...opts.columns])] : URL_EXPORT_COLUMNS;
  const fields = chosen.filter((f) => !(labels && INTERNAL_ID_FIELDS.includes(f))) as Field[];
  return {
    indexes: fields.map((f) => URL_EXPORT_COLUMNS.indexOf(f)),
    header: fields.map((f) => (labels ? URL_EXPORT_LABELS[f as keyof typeof URL_EXPORT_LABELS] : f)),
  };
}
