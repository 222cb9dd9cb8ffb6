import type { IssueType } from "@/lib/db";

export interface IssueTypeNames {
  /** The one name of the type: every page, mail, notification, Slack message, PDF and MCP answer says this. */
  title: string;
  /** The same name where space is tight (a row of a small table): the title or its first words. */
  shortName: string;
  /** What the type means, in one sentence. */
  description: string;
}

const name = (title: string, description: string, shortName = title): IssueTypeNames => ({ title, shortName, description });

/**
 * The names of every issue type, in one table: nothing else spells a type's name
 * (tests/architecture/issue-type-names.test.ts checks both).
 */
export const ISSUE_TYPE_NAMES: Record<IssueType, IssueTypeNames> = {
  broken_link: name("Broken pages (4xx)", "Tracked URLs answer 404, 410 or another 4xx status.", "Broken pages"),
  server_error: name("Server errors (5xx)", "Tracked URLs answer 500, 503 or another 5xx status.", "Server errors"),
  redirect_chain: name("Redirect chains", "Tracked URLs reach their page only after two or more redirects."),
  redirect_loop: name("Redirect loops", "Tracked URLs redirect in a circle and never answer a page."),
  waf_challenge_detected: name("Bot challenge (WAF) served to crawlers", "A firewall answered our crawler with a challenge page instead of the content.", "Bot challenge (WAF)"),
  crawl_blocked: name("The site refuses crawlers", "The host refuses connections or answers every crawler request with an error."),
  sitemap_unreachable: name("Sitemap unreachable", "A sitemap of the project no longer answers with usable XML."),
  sitemap_parse_error: name("Sitemap cannot be parsed", "A sitemap answers, but part of it is not valid sitemap XML."),
  stale_missing_from_sitemap: name("Missing from the sitemap", "URLs we track are no longer listed in any sitemap of the project."),
  sitemap_missing: name("No sitemap found", "The sitemap address of the project answers 404 or 410."),
  blocked_by_robots: name("Blocked by robots.txt", "robots.txt forbids crawlers to fetch tracked URLs."),
  has_noindex: name("Marked noindex", "Tracked URLs carry a noindex meta tag or X-Robots-Tag header."),
  canonical_mismatch: name("Canonical points elsewhere", "Tracked URLs name another URL as their canonical."),
  discovered_not_indexed: name("Discovered, not indexed", "Google knows the URLs but has not crawled them yet."),
  crawled_not_indexed: name("Crawled, not indexed", "Google read the URLs and chose not to index them."),
  dropped_from_index: name("Dropped from the index (Google or Bing)", "URLs that were indexed by Google or Bing no longer are; each URL says which engine.", "Dropped from the index"),
  indexnow_key_invalid: name("IndexNow key invalid", "The IndexNow endpoint rejects the project's key, so submissions fail."),
  gsc_auth_revoked: name("Google Search Console access revoked", "IndexWatch can no longer read the project's Search Console property."),
  crawler_blocked: name("Googlebot blocked", "Your server logs show verified Googlebot getting 403 or 5xx where our audit gets the page."),
  robots_txt_blocks_important: name("robots.txt change blocks important pages", "A new robots.txt forbids Google or Bing to fetch high-priority pages or pages with search impressions.", "robots.txt change"),
  robots_txt_unreachable: name("robots.txt unreachable", "robots.txt answers 5xx or nothing on several fetches in a row: Google then stops crawling the site."),
  certificate_expiring: name("Certificate expiring", "The HTTPS certificate of the site expires within 14 days, or has expired."),
  removal_stuck: name("Removal stuck", "Pages you declared removed are still indexed by Google or Bing past the time you allowed."),
  rendered_noindex: name("noindex added by JavaScript", "The raw HTML allows indexing, but a script adds noindex: Google renders the page and drops it.", "noindex added"),
  rendered_canonical_mismatch: name("Canonical changed by JavaScript", "The rendered page names another canonical than the raw HTML: Google sees conflicting signals.", "Canonical changed"),
  js_only_content: name("Content only after JavaScript", "The raw HTML holds under a fifth of the rendered text: AI crawlers and a first crawl see almost nothing."),
  render_blocked_resources: name("Scripts or styles blocked for Googlebot", "robots.txt keeps Googlebot from scripts, styles or data the page needs to render.", "Scripts or styles blocked"),
  duplicate_content: name("Duplicate content", "Indexable pages have the same main text as another page: search engines index one of them."),
  soft_404_suspect: name("Soft 404 suspects", "Pages answer 200 but look like error pages: the title says not found, or there is almost no text.", "Soft 404"),
  render_failed: name("Rendering failed", "Our headless Chromium could not render the page (timeout, crash or refused document)."),
  orphan_page: name("Orphan pages", "Tracked pages that no audited page of the site links to (claimed after a complete audit cycle)."),
  broken_internal_link: name("Broken internal links", "Pages that link to internal URLs answering an error or a redirect (the pages to edit)."),
};

/** The name of an issue type; the type itself for one the table does not know (never, by its test). */
export const issueTitle = (type: IssueType): string => ISSUE_TYPE_NAMES[type]?.title ?? type;
/** The short name of an issue type, for tight spaces. */
export const issueShortName = (type: IssueType): string => ISSUE_TYPE_NAMES[type]?.shortName ?? type;
