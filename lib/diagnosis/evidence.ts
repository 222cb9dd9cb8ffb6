// The evidence of a cause, in words: what we observed that makes the rule hold, where it comes from and when.
import { CAUSE_WORDS, THRESHOLDS, type Cause, type DiagnosisEngine } from "./causes";
import type { UrlFacts } from "./url-facts";

export type EvidenceSource = "audit" | "render" | "engine" | "links" | "logs" | "content" | "sitemaps";
export interface Evidence { source: EvidenceSource; text: string; observedAt: string | null }

const STATE_WORDS: Record<string, string> = {
  unknown: "has given no verdict yet", submitted: "has the URL submitted, without a verdict yet", error: "could not be asked (an error)",
  crawled_not_indexed: "crawled the page and did not index it", discovered_not_indexed: "knows the URL but has not crawled it",
  excluded: "excludes the page", blocked: "is blocked from the page", redirected: "sees a redirect", not_indexed: "does not index the page",
};

function engineLine(f: UrlFacts, engine: DiagnosisEngine): Evidence {
  const name = engine === "engineA" ? "Google" : "Bing";
  const state = engine === "engineA" ? f.engineAState : f.engineBState;
  const coverage = engine === "engineA" && f.coverage ? ` ("${f.coverage}")` : "";
  return { source: "engine", text: `${name} ${STATE_WORDS[state] ?? state}${coverage}.`, observedAt: engine === "engineA" ? f.engineAObservedAt : f.engineBObservedAt };
}

const audit = (f: UrlFacts, text: string): Evidence => ({ source: "audit", text, observedAt: f.lastAuditAt });
const content = (f: UrlFacts, text: string): Evidence => ({ source: "content", text, observedAt: f.snapshotAt });
const links = (text: string): Evidence => ({ source: "links", text, observedAt: null });

function causeLines(cause: Cause, f: UrlFacts, engine: DiagnosisEngine): Evidence[] {
  const bot = engine === "engineA" ? "Googlebot" : "Bingbot";
  const lastFetch = engine === "engineA" ? f.lastGooglebotFetchAt : f.lastBingbotFetchAt;
  switch (cause) {
    case "http_error": return [audit(f, f.httpStatus ? `Our audit got HTTP ${f.httpStatus}.` : `Our audit got no answer (${f.healthState}).`)];
    case "redirect": return [audit(f, `The URL redirects${f.redirectTarget ? ` to ${f.redirectTarget}` : ""}.`)];
    case "robots_blocked": return [audit(f, `robots.txt forbids ${bot} to fetch the URL.`)];
    case "noindex": return [audit(f, `The page says noindex (${[f.metaRobots && `robots meta: ${f.metaRobots}`, f.xRobotsTag && `X-Robots-Tag: ${f.xRobotsTag}`].filter(Boolean).join("; ") || "reported by Google"}).`)];
    case "noindex_rendered": return [{ source: "render", text: `After JavaScript the robots meta tag says ${(f.renderedRobots ?? []).join(", ") || "noindex"}; the raw HTML does not.`, observedAt: f.renderedAt }];
    case "canonical_elsewhere": return [audit(f, `The page's canonical is ${f.canonicalUrl ?? "another URL"}.`)];
    case "google_chose_other_canonical": return [{ source: "engine", text: `Google chose ${f.googleCanonical ?? "another URL"} as the canonical; the page declares ${f.userCanonical ?? f.canonicalUrl ?? "none"}.`, observedAt: f.engineAAnswerAt }];
    case "soft_404": return [content(f, f.words !== null && f.words < THRESHOLDS.nearEmptyWords
      ? `The page answers 200 with ${f.words} words of text.` : `The page answers 200 and says it is not there (title: "${f.title ?? ""}"${f.h1 ? `, heading: "${f.h1}"` : ""}).`)];
    case "duplicate": return [content(f, f.duplicateOf || !f.nearOf
      ? `Its main text is the same as ${f.duplicateOf} (${f.duplicateUrls} pages share it; that one is kept).`
      : `Its main text is ${f.nearSimilarity} % similar to ${f.nearOf} (${f.nearUrls} pages are near copies of each other; that one is kept).`)];
    case "thin": return [content(f, `The page has ${f.words} words of main text (thin: under ${THRESHOLDS.thinWords}).`)];
    case "orphan": return [links("No audited page links to it (complete audit cycle).")];
    case "nofollow_only": return [links(`All ${f.inlinks ?? ""} internal links to it are nofollow.`.replace("All  ", "All "))];
    case "deep": return [links(`It is ${f.clickDepth} clicks from the home page (deep: ${THRESHOLDS.deepClicks} or more).`)];
    case "no_fresh_verdict": return [];
    case "not_crawled": return [{ source: "logs", text: `No verified ${bot} fetch of the URL in your server logs${engine === "engineA" ? ", and Google reports no crawl" : ""}.`, observedAt: null }];
    case "crawl_stale": {
      const last = engine === "engineA" ? [f.engineALastCrawlAt, f.lastGooglebotFetchAt].filter(Boolean).sort().at(-1) ?? null : lastFetch;
      return [{ source: "logs", text: `${bot} last fetched the page on ${last?.slice(0, 10)}, over ${THRESHOLDS.staleCrawlDays} days ago.`, observedAt: last }];
    }
    case "not_in_sitemap": return [{ source: "sitemaps", text: "No sitemap of the project lists the URL.", observedAt: null }];
    case "unknown": return [];
  }
}

/** The evidence of `cause`: the rule's facts, then the engine's own verdict. */
export function evidenceOf(cause: Cause, f: UrlFacts, engine: DiagnosisEngine): Evidence[] {
  return [...causeLines(cause, f, engine), engineLine(f, engine)];
}

export const fixOf = (cause: Cause | null) => (cause ? CAUSE_WORDS[cause].fix : null);
