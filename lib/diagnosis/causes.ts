// Why a page is not indexed: the cause codes of DESIGN.md, in the order the rules try them (docs/diagnosis.md),
// each with words for a person: its name, what it means and the one fix. Nothing here reads the database.
import type { NotIndexedCause } from "@/lib/db";

/** The causes in rule order: the first rule that holds for a URL an engine does not index is its primary cause. */
export const CAUSES = [
  "http_error", "redirect", "robots_blocked", "noindex", "noindex_rendered", "canonical_elsewhere", "no_fresh_verdict",
  "google_chose_other_canonical", "soft_404", "duplicate", "thin", "orphan", "nofollow_only", "deep", "not_crawled", "crawl_stale", "not_in_sitemap",
  "unknown",
] as const satisfies readonly NotIndexedCause[];
export type Cause = (typeof CAUSES)[number];

// Compile-time check: CAUSES holds every value of the database enum.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _all: Same<Cause, NotIndexedCause> = true;
void _all;

/** Thresholds of the rules (docs/diagnosis.md states them). */
export const THRESHOLDS = {
  /** A page with fewer words of main text is thin. */
  thinWords: 100,
  /** A 200 page with fewer words than this is near-empty: a soft-404 suspect. */
  nearEmptyWords: 20,
  /** A page this many clicks or more from the home page is deep. */
  deepClicks: 5,
  /** No crawl by the engine for this many days: crawl evidence is stale. */
  staleCrawlDays: 130,
} as const;

/**
 * What makes a 200 page a soft-404 suspect, besides being near-empty: its title or first heading says the page is not
 * there (a POSIX regular expression, matched case-insensitively in SQL and in JavaScript alike).
 */
export const SOFT_404_PATTERN = "(not found|404|no longer available|page (does not|doesn't) exist|page unavailable|nothing (was )?found)";
/**
 * Words one of which each alternative of SOFT_404_PATTERN holds (outside its optional parts), so a text that contains
 * none, lowercased, cannot match: SQL tries the pattern only on the others (a plain substring test costs a fraction
 * of the case-insensitive pattern, and few titles contain one). tests/diagnosis/soft-404-words.test.ts holds the two
 * together.
 */
export const SOFT_404_WORDS = ["found", "404", "available", "exist"] as const;

export interface CauseWords {
  /** The cause's name, for a person. */
  label: string;
  /** What it means, one sentence. */
  meaning: string;
  /** The one fix. */
  fix: string;
}

export const CAUSE_WORDS: Record<Cause, CauseWords> = {
  http_error: { label: "Error status", meaning: "The page answers an error (4xx or 5xx) or does not answer: search engines drop such pages.",
    fix: "Make the URL answer 200 with its content, or stop listing and linking it (and redirect it to its replacement)." },
  redirect: { label: "Redirects", meaning: "The URL redirects: search engines index the target, not this address.",
    fix: "Link and list the target URL instead of this one; keep the redirect only for old links." },
  robots_blocked: { label: "Blocked by robots.txt", meaning: "robots.txt forbids the crawler to fetch the page, so it cannot read it.",
    fix: "Allow the URL in robots.txt (remove or narrow the Disallow rule that matches it)." },
  noindex: { label: "noindex", meaning: "The page says noindex (robots meta tag or X-Robots-Tag header).",
    fix: "Remove the noindex from the page or its headers if the page should be found in search." },
  noindex_rendered: { label: "noindex added by JavaScript", meaning: "The raw HTML allows indexing, but a script adds noindex; Google renders the page and obeys it.",
    fix: "Remove the script or tag manager rule that writes the robots meta tag." },
  canonical_elsewhere: { label: "Canonical points elsewhere", meaning: "The page names another URL as its canonical: search engines index that one.",
    fix: "Point the canonical at the page itself if it should be indexed, or link the canonical URL instead." },
  google_chose_other_canonical: { label: "Google chose another canonical", meaning: "Google treats the page as a duplicate and indexes another URL as the canonical.",
    fix: "Make the page distinct, or make its canonical, internal links and sitemap agree on the URL you want indexed." },
  soft_404: { label: "Soft 404", meaning: "The page answers 200 but looks like an error page (its title says not found, or it is nearly empty).",
    fix: "Answer 404 or 410 for pages that are gone, or give the page real content." },
  duplicate: { label: "Duplicate content", meaning: "The page's main text is the same as another page's: search engines index one of them.",
    fix: "Merge the copies, or point their canonical at the page you want indexed." },
  thin: { label: "Thin content", meaning: `The page has under ${THRESHOLDS.thinWords} words of main text: little reason to index it.`,
    fix: "Add useful content, or merge the page into a fuller one and redirect." },
  orphan: { label: "Orphan page", meaning: "No audited page of the site links to it: crawlers find it only through the sitemap, and rank it low.",
    fix: "Link the page from a relevant page or a hub (a category, the navigation, a related article)." },
  nofollow_only: { label: "Only nofollow links", meaning: "Every internal link to the page is nofollow: crawlers are told not to follow them.",
    fix: "Remove rel=nofollow from the internal links to the page." },
  deep: { label: "Deep in the site", meaning: `The page is ${THRESHOLDS.deepClicks} or more clicks from the home page: crawlers reach it late and rarely.`,
    fix: "Link it from pages closer to the home page (navigation, hubs, pagination with more links per page)." },
  no_fresh_verdict: { label: "No fresh verdict", meaning: "The engine has not given a verdict on this URL yet: the daily inspection quota has not reached it.",
    fix: "Nothing is wrong yet: use Check again (or Inspect now) for an answer sooner." },
  not_crawled: { label: "Never crawled", meaning: "The engine knows of the URL but has never fetched it (no verified crawler visit in your logs, no crawl reported).",
    fix: "Link the page from crawled pages and list it in the sitemap; submit it (IndexNow for Bing)." },
  crawl_stale: { label: "Not crawled for months", meaning: `The engine last fetched the page more than ${THRESHOLDS.staleCrawlDays} days ago.`,
    fix: "Link the page from frequently crawled pages, update its sitemap lastmod when it changes, and submit it." },
  not_in_sitemap: { label: "In no sitemap", meaning: "No sitemap of the project lists the URL, one way engines find and prioritise pages.",
    fix: "Add the URL to a sitemap." },
  unknown: { label: "No cause found", meaning: "Nothing we observe explains it: the engine chose not to index the page.",
    fix: "Improve the page's content and internal links; check it again in a few weeks." },
};

/** The engines a cause is stored for, with their names for a person. */
export const DIAGNOSIS_ENGINES = ["engineA", "engineB"] as const;
export type DiagnosisEngine = (typeof DIAGNOSIS_ENGINES)[number];
export const ENGINE_LABEL: Record<DiagnosisEngine, string> = { engineA: "Google", engineB: "Bing" };
