import type { IssueSeverity, IssueType } from "@/lib/db";

/**
 * Severity of each issue type, fixed per type (SPEC.md leaves the choice open). The rule of thumb:
 * critical = pages are unreachable or lost for search, or the service can no longer do its job for
 * the project; warning = something a site owner should fix but which may be deliberate or partial;
 * info = a normal, usually transient state.
 */
export const SEVERITY: Record<IssueType, { severity: IssueSeverity; why: string }> = {
  server_error: { severity: "critical", why: "5xx answers: neither visitors nor crawlers get the page" },
  redirect_loop: { severity: "critical", why: "the page never resolves for anyone" },
  crawl_blocked: { severity: "critical", why: "the site refuses crawlers, so nothing can be checked or indexed" },
  blocked_by_robots: { severity: "critical", why: "a tracked (sitemap-listed) URL the engines may not fetch can never be indexed; engines report it as an error" },
  dropped_from_index: { severity: "critical", why: "a page that was indexed has been lost from search" },
  sitemap_unreachable: { severity: "critical", why: "URL discovery stops: neither the service nor the engines can read the sitemap" },
  indexnow_key_invalid: { severity: "critical", why: "every IndexNow submission for the project is rejected" },
  gsc_auth_revoked: { severity: "critical", why: "Google Search Console inspections and Google index data stop until the connection is renewed" },
  crawler_blocked: { severity: "critical", why: "verified Googlebot gets errors or 403 where visitors get the page: it cannot index what it cannot fetch" },
  robots_txt_blocks_important: { severity: "critical", why: "Google or Bing may no longer fetch pages that matter (high priority or with impressions): they drop out within days" },
  robots_txt_unreachable: { severity: "critical", why: "while robots.txt answers 5xx or nothing, Google stops crawling the whole site" },
  certificate_expiring: { severity: "critical", why: "an expired certificate makes every HTTPS page fail for visitors and crawlers" },
  removal_stuck: { severity: "warning", why: "a page you removed is still in Google's or Bing's index past the time you allowed" },
  broken_link: { severity: "warning", why: "a 4xx page is often a removal that should leave the sitemap; the site itself works" },
  redirect_chain: { severity: "warning", why: "the page is reached, with wasted hops and crawl budget" },
  waf_challenge_detected: { severity: "warning", why: "a bot challenge may hide pages from crawlers that are not allow-listed" },
  sitemap_parse_error: { severity: "warning", why: "part of the sitemap is unusable; the rest still works" },
  sitemap_missing: { severity: "warning", why: "engines can still discover pages through links, only more slowly" },
  stale_missing_from_sitemap: { severity: "warning", why: "a tracked URL left the sitemap: removed on purpose or by mistake" },
  has_noindex: { severity: "warning", why: "often deliberate, but it keeps a tracked URL out of search" },
  canonical_mismatch: { severity: "warning", why: "the engines will index another URL instead of this one" },
  crawled_not_indexed: { severity: "warning", why: "Google read the page and chose not to index it (quality or duplication)" },
  rendered_noindex: { severity: "critical", why: "Google renders the page, reads the noindex a script adds and keeps it out of the index" },
  rendered_canonical_mismatch: { severity: "warning", why: "two canonicals for one page: Google may pick either, or ignore both" },
  js_only_content: { severity: "warning", why: "AI crawlers and Google's first pass read almost nothing; Google indexes it later, after rendering" },
  render_blocked_resources: { severity: "warning", why: "Google renders the page without scripts or styles it may not fetch, and may miss content" },
  duplicate_content: { severity: "warning", why: "search engines index one page of each group and leave the copies out" },
  soft_404_suspect: { severity: "warning", why: "Google treats such pages as errors and drops them; real content may be among them" },
  render_failed: { severity: "info", why: "the page could not be rendered here; Google's own renderer may fare better or worse" },
  orphan_page: { severity: "warning", why: "no internal link leads to the page: Google and Bing find it only through sitemaps, and rank it low" },
  broken_internal_link: { severity: "warning", why: "visitors and crawlers follow links that end in an error or a detour" },
  discovered_not_indexed: { severity: "info", why: "the normal queue state of a new page; it usually clears by itself" },
};

/** Numeric rank stored in issues.severity_rank so that lists order critical first. */
export const SEVERITY_RANK: Record<IssueSeverity, number> = { critical: 3, warning: 2, info: 1 };

/** Types reported for the whole project (affectedUrlCount stays 0). */
export const PROJECT_LEVEL_TYPES: readonly IssueType[] = ["sitemap_unreachable", "sitemap_parse_error", "sitemap_missing", "indexnow_key_invalid", "gsc_auth_revoked",
  "robots_txt_blocks_important", "robots_txt_unreachable", "certificate_expiring"];

export function severityOf(type: IssueType): { severity: IssueSeverity; rank: number } {
  const severity = SEVERITY[type].severity;
  return { severity, rank: SEVERITY_RANK[severity] };
}
