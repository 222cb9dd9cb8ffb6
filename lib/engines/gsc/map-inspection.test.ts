import { describe, expect, it } from "vitest";
import { KNOWN_COVERAGE_TEXTS, normalizeCoverage } from "./coverage-states";
import { mapGscInspection } from "./map-inspection";

// Every row of ENGINES.md "Coverage texts seen", with the verdicts it lists.
const TABLE: [coverageState: string, verdicts: string[], state: string, detail: string | null][] = [
  ["Submitted and indexed", ["PASS"], "indexed", null],
  ["Indexed, not submitted in sitemap", ["PASS"], "indexed", null],
  ["Indexed, though blocked by robots.txt", ["PASS"], "indexed", "robots_warning"],
  ["Page indexed without content", ["PASS"], "indexed", "without_content"],
  ["Discovered - currently not indexed", ["NEUTRAL"], "discovered_not_indexed", null],
  ["Crawled - currently not indexed", ["NEUTRAL"], "crawled_not_indexed", null],
  ["URL is unknown to Google", ["NEUTRAL"], "unknown", "not_known"],
  ["Duplicate, Google chose different canonical than user", ["NEUTRAL"], "excluded", "canonical_differs"],
  ["Duplicate without user-selected canonical", ["NEUTRAL"], "excluded", "duplicate"],
  ["Alternate page with proper canonical tag", ["NEUTRAL"], "excluded", "alternate"],
  ["Page with redirect", ["NEUTRAL"], "redirected", null],
  ["Excluded by 'noindex' tag", ["NEUTRAL"], "excluded", "noindex"],
  ["Blocked by robots.txt", ["NEUTRAL", "FAIL"], "blocked", null],
  ["Not found (404)", ["FAIL", "NEUTRAL"], "excluded", "not_found"],
  ["Soft 404", ["FAIL", "NEUTRAL"], "excluded", "not_found"],
  ["Server error (5xx)", ["FAIL"], "excluded", "fetch_error"],
  ["Redirect error", ["FAIL"], "excluded", "fetch_error"],
  ["Blocked due to unauthorized request (401)", ["FAIL"], "blocked", null],
  ["Blocked due to access forbidden (403)", ["FAIL"], "blocked", null],
  ["Blocked due to other 4xx issue", ["FAIL"], "blocked", null],
  ["Blocked by page removal tool", ["NEUTRAL"], "excluded", "removal"],
];

describe("mapGscInspection: the coverage table", () => {
  it("covers every text of the table", () => {
    expect(TABLE.map((r) => r[0]).sort()).toEqual([...KNOWN_COVERAGE_TEXTS].sort());
  });

  for (const [coverageState, verdicts, state, detail] of TABLE) {
    for (const verdict of [...verdicts, undefined]) {
      it(`"${coverageState}" with verdict ${verdict ?? "absent"} → ${state}`, () => {
        // INDEXING_ALLOWED beside every text: it never makes a URL indexed.
        const m = mapGscInspection({ coverageState, verdict, indexingState: "INDEXING_ALLOWED" });
        expect(m).toMatchObject({ state, detail, decidedBy: "coverageState", definitive: true });
        expect(m.raw).toMatchObject({ coverageState, verdict: verdict ?? null, indexingState: "INDEXING_ALLOWED" });
      });
    }
  }

  it.each([
    ["Discovered – currently not indexed", "discovered_not_indexed"], // en dash
    ["Crawled — currently not indexed", "crawled_not_indexed"], // em dash
    ["Excluded by ‘noindex’ tag", "excluded"], // curly quotes
    ["  SUBMITTED   AND INDEXED ", "indexed"],
    ["Indexed, though blocked by robots.txt (warning)", "indexed"], // prefix match
    ["Blocked by robots.txt.", "blocked"],
  ])("normalizes %j → %s", (coverageState, state) => {
    const verdict = state === "indexed" ? "PASS" : "NEUTRAL";
    expect(mapGscInspection({ coverageState, verdict }).state).toBe(state);
  });

  it("normalizes quotes, dashes, case and spaces", () => {
    expect(normalizeCoverage("  Excluded by “noindex” ‘tag’ – x  ")).toBe("excluded by \"noindex\" 'tag' - x");
  });
});

describe("mapGscInspection: fallback on verdict and enums", () => {
  it.each([
    [{ verdict: "PASS", coverageState: "Some new indexed text" }, "indexed", "verdict", null],
    [{ verdict: "NEUTRAL", indexingState: "INDEXING_ALLOWED", robotsTxtState: "ALLOWED", pageFetchState: "SUCCESSFUL" }, "unknown", "none", null],
    [{ verdict: "NEUTRAL", indexingState: "INDEXING_ALLOWED", lastCrawlTime: "2026-01-01T00:00:00Z" }, "crawled_not_indexed", "lastCrawlTime", null],
    [{ verdict: "FAIL", robotsTxtState: "DISALLOWED" }, "blocked", "robotsTxtState", null],
    [{ verdict: "FAIL", indexingState: "BLOCKED_BY_ROBOTS_TXT" }, "blocked", "indexingState", null],
    [{ verdict: "FAIL", pageFetchState: "BLOCKED_ROBOTS_TXT" }, "blocked", "pageFetchState", null],
    [{ verdict: "FAIL", pageFetchState: "ACCESS_DENIED" }, "blocked", "pageFetchState", null],
    [{ verdict: "FAIL", pageFetchState: "ACCESS_FORBIDDEN" }, "blocked", "pageFetchState", null],
    [{ verdict: "FAIL", pageFetchState: "BLOCKED_4XX" }, "blocked", "pageFetchState", null],
    [{ verdict: "NEUTRAL", indexingState: "BLOCKED_BY_META_TAG" }, "excluded", "indexingState", "noindex"],
    [{ verdict: "NEUTRAL", indexingState: "BLOCKED_BY_HTTP_HEADER" }, "excluded", "indexingState", "noindex"],
    [{ verdict: "FAIL", pageFetchState: "NOT_FOUND" }, "excluded", "pageFetchState", "not_found"],
    [{ verdict: "FAIL", pageFetchState: "SOFT_404" }, "excluded", "pageFetchState", "not_found"],
    [{ verdict: "FAIL", pageFetchState: "SERVER_ERROR" }, "excluded", "pageFetchState", "fetch_error"],
    [{ verdict: "FAIL", pageFetchState: "REDIRECT_ERROR" }, "excluded", "pageFetchState", "fetch_error"],
    [{ verdict: "FAIL", pageFetchState: "INTERNAL_CRAWL_ERROR" }, "excluded", "pageFetchState", "fetch_error"],
    [{ verdict: "FAIL", pageFetchState: "INVALID_URL" }, "excluded", "pageFetchState", "fetch_error"],
    [{ verdict: "VERDICT_UNSPECIFIED", indexingState: "INDEXING_ALLOWED" }, "unknown", "none", null],
  ])("%j → %s", (result, state, decidedBy, detail) => {
    expect(mapGscInspection(result)).toMatchObject({ state, decidedBy, detail });
  });

  it("never reads INDEXING_ALLOWED as indexed", () => {
    for (const verdict of ["NEUTRAL", "FAIL", "VERDICT_UNSPECIFIED", undefined]) {
      expect(mapGscInspection({ verdict, indexingState: "INDEXING_ALLOWED", robotsTxtState: "ALLOWED", pageFetchState: "SUCCESSFUL" }).state).not.toBe("indexed");
    }
  });

  it("requires verdict PASS for indexed: a disagreeing text falls back to the enums", () => {
    expect(mapGscInspection({ coverageState: "Submitted and indexed", verdict: "NEUTRAL", indexingState: "BLOCKED_BY_META_TAG" }))
      .toMatchObject({ state: "excluded", decidedBy: "indexingState" });
  });

  it("gives no definitive answer for an empty or absent result", () => {
    for (const r of [null, undefined, {}]) {
      expect(mapGscInspection(r)).toMatchObject({ state: "unknown", decidedBy: "none", definitive: false });
    }
  });

  it("keeps the raw fields that decided", () => {
    const m = mapGscInspection({
      verdict: "NEUTRAL", coverageState: "Duplicate, Google chose different canonical than user",
      googleCanonical: "https://example.com/a", userCanonical: "https://example.com/b", robotsTxtState: "ALLOWED", pageFetchState: "SUCCESSFUL",
    });
    expect(m.raw).toEqual({
      verdict: "NEUTRAL", coverageState: "Duplicate, Google chose different canonical than user", indexingState: null,
      robotsTxtState: "ALLOWED", pageFetchState: "SUCCESSFUL", lastCrawlTime: null,
      googleCanonical: "https://example.com/a", userCanonical: "https://example.com/b",
    });
  });
});
