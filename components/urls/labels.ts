import type { BadgeTone } from "@/components/ui/badge";
import type { TrackedUrl, UrlFilters } from "@/lib/queries/urls";
import { CAUSES, CAUSE_WORDS } from "@/lib/diagnosis/causes";

type Values<K extends keyof TrackedUrl> = TrackedUrl[K];
type Labels<T extends string> = Record<T, string>;

// Every value of each enumeration in plain words; the Record types make the compiler check coverage,
// and the keys double as the option lists of the filters (the schema module is server code).
export const SOURCE_LABELS: Labels<Values<"source">> = { sitemap: "Sitemap", manual: "Added by hand", import: "Import" };
export const HEALTH_LABELS: Labels<Values<"healthState">> = {
  unknown: "Not checked", healthy: "Healthy", redirected: "Redirected", client_error: "Client error (4xx)",
  server_error: "Server error (5xx)", timeout: "Timed out",
};
export const INDEXABILITY_LABELS: Labels<Values<"indexability">> = {
  unknown: "Not audited", indexable: "Indexable", noindex: "noindex", canonicalized: "Canonicalized elsewhere", blocked_by_robots: "Blocked by robots.txt",
};
export const ENGINE_A_LABELS: Labels<Values<"engineAState">> = {
  unknown: "Unknown", indexed: "Indexed", crawled_not_indexed: "Crawled, not indexed", discovered_not_indexed: "Discovered, not indexed",
  excluded: "Not indexed (excluded)", blocked: "Blocked", redirected: "Redirected", submitted: "Submitted",
};
export const ENGINE_B_LABELS: Labels<Values<"engineBState">> = {
  unknown: "Unknown", indexed: "Indexed", not_indexed: "Not indexed", submitted: "Submitted", blocked: "Blocked", error: "Error",
};
export const DISAGREEMENT_LABELS: Labels<NonNullable<UrlFilters["disagreement"]>> = {
  indexable_not_in_engine: "Indexable, but Google or Bing has not indexed it",
  nonindexable_but_indexed: "Not indexable, but Google or Bing indexed it",
  any: "Either disagreement",
};

/** The overview's counters a URL list can show (`counter`), named as the counter cards name them. */
export const COUNTER_LABELS: Labels<NonNullable<UrlFilters["counter"]>> = {
  broken: "Broken", indexed: "Indexed (Google or Bing)", not_indexed: "Not indexed",
};

export const HEALTH_TONE: Record<Values<"healthState">, BadgeTone> = {
  unknown: "neutral", healthy: "success", redirected: "info", client_error: "danger", server_error: "danger", timeout: "warning",
};
export const INDEXABILITY_TONE: Record<Values<"indexability">, BadgeTone> = {
  unknown: "neutral", indexable: "success", noindex: "warning", canonicalized: "warning", blocked_by_robots: "danger",
};
export const engineTone = (state: string): BadgeTone =>
  state === "indexed" ? "success" : state === "unknown" || state === "submitted" ? "neutral" : state === "error" || state === "blocked" ? "danger" : "warning";

export const keysOf = <T extends string>(labels: Labels<T>) => Object.keys(labels) as T[];

/** How an observation of a URL came about (history `source`). */
export const INSPECTION_SOURCE_LABELS: Record<string, string> = { inspect_now: "Inspect now", scheduled: "Scheduled", requested: "Check again", sentinel: "Sentinel" };
export const HISTORY_KIND_LABELS: Record<"audit" | "engineA" | "engineB", string> = { audit: "Audit", engineA: "Google", engineB: "Bing" };
export const ROBOTS_ENGINE_LABELS: Record<"engineA" | "engineB", string> = { engineA: "Googlebot", engineB: "Bingbot" };

/** The audit fields a history entry lists in `changed`, in words. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  healthState: "Health", httpStatus: "HTTP status", redirectHops: "Redirect hops", redirectTarget: "Final URL", healthError: "Error",
  indexability: "Indexability", canonicalUrl: "Canonical", metaRobots: "Meta robots", xRobotsTag: "X-Robots-Tag", fetched: "Fetched",
  hops: "Redirects", robots: "robots.txt", wafVendor: "WAF", detected: "Issues",
};

/**
 * The state labels of a URL that has been audited: "unknown" then means the audit could not tell (a page
 * robots.txt kept us from, a 4xx page has no indexability), not that nobody looked.
 */
export function healthText(state: Values<"healthState">, audited: boolean, blockedByRobots: boolean): string {
  if (state !== "unknown" || !audited) return HEALTH_LABELS[state];
  return blockedByRobots ? "Not fetched (robots.txt)" : "Unknown";
}
export function indexabilityText(state: Values<"indexability">, audited: boolean): string {
  return state === "unknown" && audited ? "Undetermined" : INDEXABILITY_LABELS[state];
}

/** The likely cause of a drop from an index, read from our own audits (lib/engine-sync/drop-cause.ts). */
export const DROP_CAUSE_LABELS: Record<string, string> = {
  robots_txt_disallow: "robots.txt now disallows it",
  waf_challenge: "a WAF challenge answered the crawler",
  new_noindex: "a new noindex",
  canonical_moved: "the canonical moved elsewhere",
  status_change: "the HTTP status changed",
  no_change_on_our_side: "no change on our side",
};

/** "1 URL", "1,204 URLs" */
export const urlCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "URL" : "URLs"}`;

/** The diagnosis's causes in rule order, named for a person (lib/diagnosis/causes.ts). */
export const CAUSE_LABELS: Labels<NonNullable<UrlFilters["cause"]>> = Object.fromEntries(CAUSES.map((c) => [c, CAUSE_WORDS[c].label])) as Labels<NonNullable<UrlFilters["cause"]>>;
export const CAUSE_ENGINE_LABELS: Labels<NonNullable<UrlFilters["causeEngine"]>> = { engineA: "Google's cause", engineB: "Bing's cause" };
/** Minimum click depths offered by the URL list's depth filter. */
export const CLICK_DEPTH_LABELS: Record<string, string> = { 1: "1 click or more", 2: "2 clicks or more", 3: "3 clicks or more", 5: "5 clicks or more (deep)", 10: "10 clicks or more" };
