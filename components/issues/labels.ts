import type { BadgeTone } from "@/components/ui/badge";
import type { Issue, IssueSeverity, IssueStatus } from "@/lib/queries/issues";

export const ISSUE_TYPE_LABELS: Record<Issue["type"], string> = {
  broken_link: "Broken pages (4xx)",
  server_error: "Server errors (5xx)",
  redirect_chain: "Redirect chains",
  redirect_loop: "Redirect loops",
  waf_challenge_detected: "Bot challenge (WAF) detected",
  crawl_blocked: "Crawling blocked",
  sitemap_unreachable: "Sitemap unreachable",
  sitemap_parse_error: "Sitemap cannot be parsed",
  stale_missing_from_sitemap: "Missing from the sitemap",
  sitemap_missing: "No sitemap found",
  blocked_by_robots: "Blocked by robots.txt",
  has_noindex: "Marked noindex",
  canonical_mismatch: "Canonical points elsewhere",
  discovered_not_indexed: "Discovered, not indexed",
  crawled_not_indexed: "Crawled, not indexed",
  dropped_from_index: "Dropped from the index",
  indexnow_key_invalid: "IndexNow key invalid",
  gsc_auth_revoked: "Google Search Console access revoked",
  crawler_blocked: "Googlebot blocked",
  removal_stuck: "Removal stuck",
};

/** What reported an issue group (its metadata `source`), in words: the engines by their names. */
export const ISSUE_SOURCE_LABELS: Record<string, string> = {
  engineA: "Google Search Console", engineB: "Bing Webmaster Tools", engines: "Google and Bing", audit: "IndexWatch's audit",
};
/** The metadata keys a group keeps from its first detection, in words (an unknown key shows as it is). */
export const ISSUE_METADATA_LABELS: Record<string, string> = {
  source: "Reported by", propertyUrl: "Search Console property", revokedAt: "Revoked at", sitemaps: "Sitemaps", count: "Count",
  responseCode: "IndexNow answer (HTTP)", keyLocation: "Key file",
};

export const SEVERITY_ORDER: readonly IssueSeverity[] = ["critical", "warning", "info"];
export const SEVERITY_LABELS: Record<IssueSeverity, string> = { critical: "Critical", warning: "Warning", info: "Info" };
export const SEVERITY_TONE: Record<IssueSeverity, BadgeTone> = { critical: "danger", warning: "warning", info: "info" };

export const STATUS_LABELS: Record<IssueStatus, string> = { open: "Open", resolved: "Resolved", ignored: "Ignored" };
export const STATUS_TONE: Record<IssueStatus, BadgeTone> = { open: "danger", resolved: "success", ignored: "neutral" };
