import { describe, expect, it } from "vitest";
import type { EngineBUrlInfo } from "./get-url-info";
import { mapUrlInfoToEngineBState } from "./map-url-info";

const T = new Date("2026-01-10T00:00:00Z");
const info = (over: Partial<EngineBUrlInfo>): EngineBUrlInfo => ({
  url: "https://example.com/a", httpStatus: 0, discoveryDate: null, lastCrawledDate: null, documentSize: 0,
  anchorCount: 0, isPage: true, totalChildUrlCount: 0, ...over,
});

// Every URL-info shape: [name, info, state, decidedBy, definitive]
const SHAPES: [string, EngineBUrlInfo | null, string, string, boolean][] = [
  ["failed or absent answer", null, "unknown", "no_answer", false],
  ["empty record (size 0, no dates)", info({}), "unknown", "empty_record", false],
  ["empty record with a status but no dates", info({ httpStatus: 200 }), "unknown", "empty_record", false],
  ["document size > 0", info({ documentSize: 18_000, httpStatus: 200, lastCrawledDate: T, discoveryDate: T }), "indexed", "DocumentSize", true],
  ["document size > 0 without dates", info({ documentSize: 1 }), "indexed", "DocumentSize", true],
  ["crawled, HTTP 200, size 0", info({ lastCrawledDate: T, discoveryDate: T, httpStatus: 200 }), "indexed", "LastCrawledDate", true],
  ["crawled, HTTP 301, size 0", info({ lastCrawledDate: T, httpStatus: 301 }), "indexed", "LastCrawledDate", true],
  ["crawled, HTTP 404", info({ lastCrawledDate: T, discoveryDate: T, httpStatus: 404 }), "error", "HttpStatus", true],
  ["crawled, HTTP 500", info({ lastCrawledDate: T, httpStatus: 500 }), "error", "HttpStatus", true],
  ["crawled, no status", info({ lastCrawledDate: T, httpStatus: null }), "unknown", "empty_record", false],
  ["discovered only", info({ discoveryDate: T }), "not_indexed", "DiscoveryDate", true],
  ["discovered only, fields missing", info({ discoveryDate: T, httpStatus: null, documentSize: null }), "not_indexed", "DiscoveryDate", true],
];

describe("mapUrlInfoToEngineBState", () => {
  it.each(SHAPES)("%s → %s", (_name, value, state, decidedBy, definitive) => {
    expect(mapUrlInfoToEngineBState(value)).toMatchObject({ state, decidedBy, definitive });
  });

  it("keeps the raw fields that decided", () => {
    expect(mapUrlInfoToEngineBState(info({ lastCrawledDate: T, httpStatus: 200 })).raw).toEqual({
      HttpStatus: 200, DocumentSize: 0, DiscoveryDate: null, LastCrawledDate: T.toISOString(), IssueType: null,
    });
  });

  it("reads crawl issues: anything but None or SeoIssues blocks serving", () => {
    const indexed = info({ documentSize: 100 });
    expect(mapUrlInfoToEngineBState(indexed, ["None"]).state).toBe("indexed");
    expect(mapUrlInfoToEngineBState(indexed, ["SeoIssues"]).state).toBe("indexed");
    expect(mapUrlInfoToEngineBState(indexed, ["None", "SeoIssues"]).state).toBe("indexed");
    expect(mapUrlInfoToEngineBState(indexed, ["BlockedByRobotsTxt"])).toMatchObject({ state: "blocked", decidedBy: "crawlIssue", raw: { IssueType: "BlockedByRobotsTxt" } });
    expect(mapUrlInfoToEngineBState(null, ["SeoIssues", "Code404"]).state).toBe("blocked");
    expect(mapUrlInfoToEngineBState(null, []).state).toBe("unknown");
  });

  it("never calls an empty answer not indexed", () => {
    for (const [, value] of SHAPES.filter((s) => !s[4])) expect(mapUrlInfoToEngineBState(value).state).toBe("unknown");
  });
});
