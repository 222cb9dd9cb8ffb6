import { matchCoverageState, type CoverageDetail, type EngineAState } from "./coverage-states";
import type { IndexStatusResult } from "./schemas";

export type GscDecider = "coverageState" | "verdict" | "robotsTxtState" | "indexingState" | "pageFetchState" | "lastCrawlTime" | "none";

export type GscObservation = {
  state: EngineAState;
  decidedBy: GscDecider;
  detail: CoverageDetail | null;
  /** False when the answer said nothing usable: keep the URL's last definitive state. */
  definitive: boolean;
  /** The raw fields the decision was made from, kept with the observation. */
  raw: {
    verdict: string | null; coverageState: string | null; indexingState: string | null; robotsTxtState: string | null;
    pageFetchState: string | null; lastCrawlTime: string | null; googleCanonical: string | null; userCanonical: string | null;
  };
};

const BLOCKED_FETCH = new Set(["ACCESS_DENIED", "ACCESS_FORBIDDEN", "BLOCKED_4XX"]);
const NOT_FOUND_FETCH = new Set(["NOT_FOUND", "SOFT_404"]);
const ERROR_FETCH = new Set(["SERVER_ERROR", "REDIRECT_ERROR", "INTERNAL_CRAWL_ERROR", "INVALID_URL"]);
const NOINDEX = new Set(["BLOCKED_BY_META_TAG", "BLOCKED_BY_HTTP_HEADER"]);
const KNOWN_VERDICTS = new Set(["PASS", "NEUTRAL", "FAIL", "PARTIAL"]);

/**
 * Google's state (engineAState) of one inspection. The coverage text decides (normalized prefix match);
 * indexed always means verdict PASS, so a text that disagrees with a known verdict, or a text we do
 * not know, falls back to the verdict and the enums. INDEXING_ALLOWED never means indexed.
 */
export function mapGscInspection(result: IndexStatusResult | null | undefined): GscObservation {
  const r = result ?? {};
  const raw = {
    verdict: r.verdict ?? null, coverageState: r.coverageState ?? null, indexingState: r.indexingState ?? null,
    robotsTxtState: r.robotsTxtState ?? null, pageFetchState: r.pageFetchState ?? null, lastCrawlTime: r.lastCrawlTime ?? null,
    googleCanonical: r.googleCanonical ?? null, userCanonical: r.userCanonical ?? null,
  };
  const out = (state: EngineAState, decidedBy: GscDecider, detail: CoverageDetail | null = null, definitive = true): GscObservation =>
    ({ state, decidedBy, detail, definitive, raw });

  const row = r.coverageState ? matchCoverageState(r.coverageState) : null;
  const verdictKnown = KNOWN_VERDICTS.has(r.verdict ?? "");
  if (row && !(verdictKnown && (row.state === "indexed") !== (r.verdict === "PASS"))) {
    return out(row.state, "coverageState", row.detail ?? null);
  }

  if (r.verdict === "PASS") return out("indexed", "verdict");
  if (r.robotsTxtState === "DISALLOWED") return out("blocked", "robotsTxtState");
  if (r.indexingState === "BLOCKED_BY_ROBOTS_TXT") return out("blocked", "indexingState");
  if (r.pageFetchState === "BLOCKED_ROBOTS_TXT" || BLOCKED_FETCH.has(r.pageFetchState ?? "")) return out("blocked", "pageFetchState");
  if (NOINDEX.has(r.indexingState ?? "")) return out("excluded", "indexingState", "noindex");
  if (NOT_FOUND_FETCH.has(r.pageFetchState ?? "")) return out("excluded", "pageFetchState", "not_found");
  if (ERROR_FETCH.has(r.pageFetchState ?? "")) return out("excluded", "pageFetchState", "fetch_error");
  // Crawled, not indexed, and no reason given: the engine saw the page and left it out.
  if (r.lastCrawlTime && verdictKnown) return out("crawled_not_indexed", "lastCrawlTime");
  return out("unknown", "none", null, false);
}
