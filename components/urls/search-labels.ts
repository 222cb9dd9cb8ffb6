import type { TrackedUrl, UrlFilters } from "@/lib/queries/urls";
import { ENGINE_A_LABELS } from "./labels";

// Google Search wording of the URL list and detail: the verdict's source, its age and the list's orders.
// As in labels.ts, the keys double as the option lists (the schema module is server code).

export const STATE_SOURCE_LABELS: Record<NonNullable<UrlFilters["stateSource"]>, string> = {
  inspection: "URL inspection",
  search_analytics: "Search Analytics (shown in results)",
  none: "No verdict yet",
};

/** The choices of "Google verdict older than"; an address may carry any other whole number of days. */
export const VERDICT_AGE_DAYS = [7, 14, 28, 90, 180] as const;
export const MAX_VERDICT_AGE_DAYS = 3650;

type SortField = "discoveredAt" | "clicks28d" | "impressions28d" | "lastImpressionAt" | "engineAObservedAt" | "lastGooglebotFetchAt";
type Direction = "asc" | "desc";

/** The API's fields of `sort`, with the direction each takes when none is named. */
export const SORT_DEFAULT_DIRECTION: Record<SortField, Direction> = {
  discoveredAt: "asc", clicks28d: "desc", impressions28d: "desc", lastImpressionAt: "desc", engineAObservedAt: "desc", lastGooglebotFetchAt: "desc",
};

/**
 * Every order, keyed by its shortest `sort` value (the field alone in its default direction); null is the
 * inventory's own order. An ascending order puts URLs without a value first.
 */
export const SORT_LABELS: Record<string, string> = {
  "": "Discovered, oldest first",
  "discoveredAt:desc": "Discovered, newest first",
  clicks28d: "Clicks (28 d), most first",
  "clicks28d:asc": "Clicks (28 d), fewest first",
  impressions28d: "Impressions (28 d), most first",
  "impressions28d:asc": "Impressions (28 d), fewest first",
  lastImpressionAt: "Last shown in Google, newest",
  "lastImpressionAt:asc": "Last shown in Google, oldest or never",
  engineAObservedAt: "Google verdict, newest",
  "engineAObservedAt:asc": "Google verdict, oldest or none",
  lastGooglebotFetchAt: "Googlebot visit, newest",
  "lastGooglebotFetchAt:asc": "Googlebot visit, oldest or never",
};

/** `clicks28d:desc` → `clicks28d`, `discoveredAt` → null; anything the API would reject → null. */
export function canonicalSort(value: string | null | undefined): string | null {
  const [field, dir, ...rest] = (value ?? "").split(":");
  if (rest.length || !Object.hasOwn(SORT_DEFAULT_DIRECTION, field)) return null;
  const standard = SORT_DEFAULT_DIRECTION[field as SortField];
  const direction = dir === undefined ? standard : dir;
  if (direction !== "asc" && direction !== "desc") return null;
  const canonical = direction === standard ? field : `${field}:${direction}`;
  return canonical === "discoveredAt" ? null : canonical;
}

/** "Indexed in Google", "Crawled, not indexed in Google", "Not known to Google". */
export function googleVerdictText(state: TrackedUrl["engineAState"]): string {
  return state === "unknown" ? "Not known to Google" : `${ENGINE_A_LABELS[state]} in Google`;
}
