import { formatDate } from "@/components/ui/format";
import { ENGINE_A_LABELS, ENGINE_B_LABELS } from "./labels";

// Google's URL Inspection fields and Bing's URL record in words (ENGINES.md lists the values). The raw values stay in
// the API; people read these. An unknown value is shown as it is, in lower case, rather than hidden.

export const VERDICT_WORDS: Record<string, string> = {
  PASS: "indexed", NEUTRAL: "not indexed (no error)", FAIL: "not indexed (an error)", PARTIAL: "partly valid", VERDICT_UNSPECIFIED: "no verdict",
};
export const INDEXING_STATE_WORDS: Record<string, string> = {
  INDEXING_ALLOWED: "no noindex found", BLOCKED_BY_META_TAG: "noindex in a meta tag", BLOCKED_BY_HTTP_HEADER: "noindex in the X-Robots-Tag header",
  BLOCKED_BY_ROBOTS_TXT: "blocked by robots.txt", INDEXING_STATE_UNSPECIFIED: "indexing state not given",
};
export const ROBOTS_TXT_WORDS: Record<string, string> = {
  ALLOWED: "crawling allowed", DISALLOWED: "crawling disallowed by robots.txt", ROBOTS_TXT_STATE_UNSPECIFIED: "robots.txt state not given",
};
export const PAGE_FETCH_WORDS: Record<string, string> = {
  SUCCESSFUL: "page fetched", SOFT_404: "a soft 404", BLOCKED_ROBOTS_TXT: "fetch blocked by robots.txt", NOT_FOUND: "page not found (404)",
  ACCESS_DENIED: "access denied (401)", SERVER_ERROR: "server error (5xx)", REDIRECT_ERROR: "redirect error", ACCESS_FORBIDDEN: "access forbidden (403)",
  BLOCKED_4XX: "blocked by another 4xx answer", INTERNAL_CRAWL_ERROR: "Google's crawl failed", INVALID_URL: "invalid URL", PAGE_FETCH_STATE_UNSPECIFIED: "fetch state not given",
};
/** What decided the state we took from an answer (`decidedBy`). */
export const DECIDED_BY_WORDS: Record<string, string> = {
  coverageState: "Google's coverage text", verdict: "Google's verdict", robotsTxtState: "the robots.txt state", indexingState: "the indexing state",
  pageFetchState: "the page fetch state", lastCrawlTime: "a crawl without indexing", search_analytics: "impressions in Google Search",
  crawlIssue: "a crawl issue Bing reports", DocumentSize: "the size of the document Bing holds", LastCrawledDate: "Bing's last crawl",
  HttpStatus: "the HTTP status Bing saw", DiscoveryDate: "a discovery without a crawl", empty_record: "an empty record", no_answer: "no answer",
};

/** The value in words, or the raw value in lower case when it is new to us. */
export const inWords = (table: Record<string, string>, value: unknown): string | null =>
  typeof value === "string" && value !== "" ? table[value] ?? value.replace(/_/g, " ").toLowerCase() : null;

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

/**
 * One answer of Google or Bing as a sentence: "Google: indexed — “Submitted and indexed”; crawling allowed; page
 * fetched; last crawled 3 Nov 2026." The state first (ours, from the labels), then what the engine said.
 */
export function engineAnswerText(kind: "engineA" | "engineB", s: Record<string, unknown>): string {
  const parts: string[] = [];
  if (kind === "engineA") {
    const state = ENGINE_A_LABELS[s.state as keyof typeof ENGINE_A_LABELS] ?? str(s.state) ?? "no state";
    if (s.decidedBy === "search_analytics") {
      const day = str(s.lastImpressionDay);
      return `Google: ${state.toLowerCase()} — shown in search results${day ? ` on ${formatDate(day)}` : ""} (Search Analytics).`;
    }
    if (str(s.coverageState)) parts.push(`“${s.coverageState}”`);
    for (const w of [inWords(ROBOTS_TXT_WORDS, s.robotsTxtState), inWords(INDEXING_STATE_WORDS, s.indexingState), inWords(PAGE_FETCH_WORDS, s.pageFetchState)]) {
      if (w) parts.push(w);
    }
    if (str(s.lastCrawlTime)) parts.push(`last crawled ${formatDate(s.lastCrawlTime as string)}`);
    if (str(s.googleCanonical) && s.googleCanonical !== s.userCanonical) parts.push(`Google's canonical: ${s.googleCanonical}`);
    return `Google: ${state.toLowerCase()}${parts.length ? ` — ${parts.join("; ")}` : ""}.`;
  }
  const state = ENGINE_B_LABELS[s.state as keyof typeof ENGINE_B_LABELS] ?? str(s.state) ?? "no state";
  if (typeof s.HttpStatus === "number" && s.HttpStatus > 0) parts.push(`HTTP ${s.HttpStatus}`); // 0: Bing has not fetched it
  if (typeof s.DocumentSize === "number" && s.DocumentSize > 0) parts.push(`${Math.max(1, Math.round(s.DocumentSize / 1024)).toLocaleString("en-US")} KB held`);
  if (str(s.LastCrawledDate)) parts.push(`last crawled ${formatDate(s.LastCrawledDate as string)}`);
  else if (str(s.DiscoveryDate)) parts.push(`discovered ${formatDate(s.DiscoveryDate as string)}, not crawled yet`);
  if (str(s.IssueType)) parts.push(`crawl issue: ${String(s.IssueType).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}`);
  return `Bing: ${state.toLowerCase()}${parts.length ? ` — ${parts.join("; ")}` : ""}.`;
}

/**
 * Bing holds a record of a URL it never fetched with HttpStatus 0 and DocumentSize 0: not a status nor a size, so the URL
 * panel says "Not crawled by Bing" instead of showing either.
 */
export function notCrawledByBing(s: Record<string, unknown>): boolean {
  return !str(s.LastCrawledDate) && (s.HttpStatus === 0 || s.HttpStatus === undefined || s.HttpStatus === null)
    && (s.DocumentSize === 0 || s.DocumentSize === undefined || s.DocumentSize === null);
}

/** A raw field of an engine's answer worth a row: present, and not one of Bing's zeros for "never fetched". */
export function shownField(engine: "engineA" | "engineB", key: string, value: unknown): boolean {
  if (value === null || value === undefined || value === "") return false;
  return !(engine === "engineB" && (key === "HttpStatus" || key === "DocumentSize") && value === 0);
}
