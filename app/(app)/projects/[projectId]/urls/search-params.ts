import { CAUSE_ENGINE_LABELS, CAUSE_LABELS, COUNTER_LABELS, DISAGREEMENT_LABELS, ENGINE_A_LABELS, ENGINE_B_LABELS, HEALTH_LABELS, INDEXABILITY_LABELS, SOURCE_LABELS } from "@/components/urls/labels";
import { canonicalSort, MAX_VERDICT_AGE_DAYS, STATE_SOURCE_LABELS } from "@/components/urls/search-labels";
import type { Page, UrlFilters } from "@/lib/queries/urls";

/** The page sizes offered; the first is the default (the API's maximum is 100). */
export const URLS_PAGE_SIZES = [50, 100] as const;
export const URLS_PAGE_SIZE = URLS_PAGE_SIZES[0];
/** The API's longest `q` (a URL's maximum length). */
export const MAX_Q_LENGTH = 2048;

/**
 * The URL state of the URLs page: the search and the API filters the page offers, the order (null: discovery
 * order, the API's default), the page and its size, and the URL whose details are open.
 */
export type UrlsSearch = { filters: UrlFilters; sort: string | null; page: number; size: number; urlId: string | null };
type Get = (key: string) => string | null | undefined;

const FLAG = { true: "", false: "" };
// The filter keys in the order they appear in links; each with the values it accepts (a range for a number of days).
const FILTER_VALUES = {
  q: "text",
  healthState: HEALTH_LABELS, indexability: INDEXABILITY_LABELS, engineAState: ENGINE_A_LABELS, engineBState: ENGINE_B_LABELS,
  source: SOURCE_LABELS, hasIssues: FLAG, isStale: FLAG, disagreement: DISAGREEMENT_LABELS, stateSource: STATE_SOURCE_LABELS,
  verdictOlderThanDays: { min: 1, max: MAX_VERDICT_AGE_DAYS }, counter: COUNTER_LABELS,
  cause: CAUSE_LABELS, causeEngine: CAUSE_ENGINE_LABELS, orphan: FLAG, clickDepthMin: { min: 0, max: 1000 },
} satisfies Partial<Record<keyof UrlFilters, object | "text">>;
export const FILTER_KEYS = Object.keys(FILTER_VALUES) as (keyof typeof FILTER_VALUES)[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Unknown values are dropped (the page never sends the API a value it would reject). */
export function parseUrlsSearch(get: Get): UrlsSearch {
  const filters: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const v = get(key);
    if (!v) continue;
    const accepts: object | "text" = FILTER_VALUES[key];
    if (accepts === "text") {
      if (v.length <= MAX_Q_LENGTH && !v.includes("\u0000")) filters[key] = v;
    } else if ("min" in accepts && "max" in accepts) {
      const days = /^\d{1,4}$/.test(v) ? Number(v) : NaN;
      if (days >= (accepts.min as number) && days <= (accepts.max as number)) filters[key] = days;
    } else if (Object.hasOwn(accepts, v)) filters[key] = v;
  }
  const n = Number(get("page"));
  const size = Number(get("size"));
  const urlId = get("url");
  return {
    filters: filters as UrlFilters,
    sort: canonicalSort(get("sort")),
    page: Number.isInteger(n) && n >= 1 ? n : 1,
    size: (URLS_PAGE_SIZES as readonly number[]).includes(size) ? size : URLS_PAGE_SIZE,
    urlId: urlId && UUID.test(urlId) ? urlId : null,
  };
}

/** From the server's searchParams object. */
export const fromRecord = (sp: Record<string, string | string[] | undefined>): Get => (k) => {
  const v = sp[k];
  return Array.isArray(v) ? v[0] : v;
};

export const pageRange = (page: number, size: number = URLS_PAGE_SIZE): Page => ({ offset: (page - 1) * size, limit: size });

export function urlsHref(pathname: string, s: UrlsSearch): string {
  const qs = new URLSearchParams();
  for (const key of FILTER_KEYS) if (s.filters[key] !== undefined) qs.set(key, String(s.filters[key]));
  if (s.sort) qs.set("sort", s.sort);
  if (s.page > 1) qs.set("page", String(s.page));
  if (s.size !== URLS_PAGE_SIZE) qs.set("size", String(s.size));
  if (s.urlId) qs.set("url", s.urlId);
  const q = qs.toString();
  return q ? `${pathname}?${q}` : pathname;
}
