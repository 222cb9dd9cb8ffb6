// The nine counters of WebsiteStats and WebsiteSnapshot, in one order, with their columns.
export const COUNTERS = ["totalUrls", "healthyUrls", "brokenUrls", "redirectedUrls", "indexedUrls", "notIndexedUrls", "staleUrls", "openIssues", "urlsWithIssues"] as const;
export type Counter = (typeof COUNTERS)[number];
export type Counters = Record<Counter, number>;

export const COUNTER_COLUMNS: Record<Counter, string> = {
  totalUrls: "total_urls", healthyUrls: "healthy_urls", brokenUrls: "broken_urls", redirectedUrls: "redirected_urls", indexedUrls: "indexed_urls",
  notIndexedUrls: "not_indexed_urls", staleUrls: "stale_urls", openIssues: "open_issues", urlsWithIssues: "urls_with_issues",
};
