import { describe, expect, it } from "vitest";
import { engineAnswerText, inWords, notCrawledByBing, shownField, VERDICT_WORDS } from "./engine-words";
import { ENGINE_A_LABELS } from "./labels";

describe("engine answers in words", () => {
  it("says Google's inspection as a sentence, never its raw enumerations", () => {
    const text = engineAnswerText("engineA", {
      state: "indexed", decidedBy: "coverageState", verdict: "PASS", coverageState: "Submitted and indexed", indexingState: "INDEXING_ALLOWED",
      robotsTxtState: "ALLOWED", pageFetchState: "SUCCESSFUL", lastCrawlTime: "2026-11-03T10:00:00Z", inspectionResultLink: "https://search.google.com/x",
    });
    expect(text).toBe("Google: indexed — “Submitted and indexed”; crawling allowed; no noindex found; page fetched; last crawled 3 Nov 2026.");
    expect(text).not.toMatch(/PASS|INDEXING_ALLOWED|SUCCESSFUL|https:/);
    expect(engineAnswerText("engineA", { state: "excluded", indexingState: "BLOCKED_BY_META_TAG", pageFetchState: "SOFT_404", googleCanonical: "https://a.example/x", userCanonical: "https://a.example/y" }))
      .toBe("Google: not indexed (excluded) — noindex in a meta tag; a soft 404; Google's canonical: https://a.example/x.");
    expect(engineAnswerText("engineA", { state: "indexed", decidedBy: "search_analytics", lastImpressionDay: "2026-11-20T08:00:00.000Z" }))
      .toBe("Google: indexed — shown in search results on 20 Nov 2026 (Search Analytics).");
  });

  it("says Bing's record in words", () => {
    expect(engineAnswerText("engineB", { state: "indexed", HttpStatus: 200, DocumentSize: 5120, LastCrawledDate: "2026-11-01T00:00:00Z", DiscoveryDate: "2026-10-01T00:00:00Z", IssueType: null }))
      .toBe("Bing: indexed — HTTP 200; 5 KB held; last crawled 1 Nov 2026.");
    expect(engineAnswerText("engineB", { state: "not_indexed", HttpStatus: 0, DocumentSize: 0, DiscoveryDate: "2026-10-01T00:00:00Z", IssueType: "ContentTooLong" }))
      .toBe("Bing: not indexed — discovered 1 Oct 2026, not crawled yet; crawl issue: content too long.");
  });

  it("shows a value new to us as it is, in lower case, rather than hiding it", () => {
    expect(inWords(VERDICT_WORDS, "PASS")).toBe("indexed");
    expect(inWords(VERDICT_WORDS, "SOMETHING_NEW")).toBe("something new");
    expect(inWords(VERDICT_WORDS, null)).toBeNull();
  });

  it("a URL Bing never crawled is 'Not crawled by Bing', never HTTP status 0 and a document size of 0", () => {
    const never = { state: "not_indexed", HttpStatus: 0, DocumentSize: 0, DiscoveryDate: "2026-11-01T00:00:00Z" };
    expect(notCrawledByBing(never)).toBe(true);
    expect(shownField("engineB", "HttpStatus", 0)).toBe(false);
    expect(shownField("engineB", "DocumentSize", 0)).toBe(false);
    expect(shownField("engineB", "HttpStatus", 404)).toBe(true);
    expect(notCrawledByBing({ HttpStatus: 200, DocumentSize: 5120, LastCrawledDate: "2026-11-01T00:00:00Z" })).toBe(false);
  });

  it("names a Google 404 with the same words in its badge and its verdict", () => {
    // A 404: our state `excluded`, Google's verdict FAIL. Both say "not indexed".
    expect(ENGINE_A_LABELS.excluded.toLowerCase()).toContain("not indexed");
    expect(VERDICT_WORDS.FAIL).toContain("not indexed");
    for (const state of ["crawled_not_indexed", "discovered_not_indexed", "excluded"] as const) expect(ENGINE_A_LABELS[state].toLowerCase()).toContain("not indexed");
  });
});
