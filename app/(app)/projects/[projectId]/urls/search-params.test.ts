import { describe, expect, it } from "vitest";
import { pageRange, parseUrlsSearch, urlsHref } from "./search-params";

const parse = (qs: string) => {
  const sp = new URLSearchParams(qs);
  return parseUrlsSearch((k) => sp.get(k));
};
const ID = "0b0b0b0b-0000-4000-8000-000000000001";

describe("URLs page address", () => {
  it("reads every filter the page offers, the order, the page and the open URL", () => {
    expect(parse(`healthState=client_error&indexability=indexable&engineAState=indexed&engineBState=not_indexed&source=manual&hasIssues=true&isStale=false&disagreement=any`
      + `&stateSource=search_analytics&verdictOlderThanDays=28&sort=clicks28d&page=3&url=${ID}`)).toEqual({
      filters: {
        healthState: "client_error", indexability: "indexable", engineAState: "indexed", engineBState: "not_indexed", source: "manual", hasIssues: "true", isStale: "false",
        disagreement: "any", stateSource: "search_analytics", verdictOlderThanDays: 28,
      },
      sort: "clicks28d",
      page: 3,
      size: 50,
      urlId: ID,
    });
    expect(parse("stateSource=none&verdictOlderThanDays=3650").filters).toEqual({ stateSource: "none", verdictOlderThanDays: 3650 });
  });

  it("drops values the API would reject rather than sending them", () => {
    expect(parse("healthState=broken&source=&hasIssues=yes&disagreement=toString&stateSource=hasOwnProperty&page=-2&url=42&sort=password"))
      .toEqual({ filters: {}, sort: null, page: 1, size: 50, urlId: null });
    expect(parse("page=1.5").page).toBe(1);
    for (const days of ["0", "-1", "1.5", "3651", "1e3", "28 ", "abc"]) expect(parse(`verdictOlderThanDays=${encodeURIComponent(days)}`).filters).toEqual({});
    for (const sort of ["clicks28d:up", "clicks28d:desc:x", ":desc", "url", "toString"]) expect(parse(`sort=${sort}`).sort).toBeNull();
  });

  it("keeps an order in its shortest form: the field alone in its own direction, nothing for discovery order", () => {
    expect(parse("sort=clicks28d:desc").sort).toBe("clicks28d");
    expect(parse("sort=clicks28d:asc").sort).toBe("clicks28d:asc");
    expect(parse("sort=engineAObservedAt:asc").sort).toBe("engineAObservedAt:asc");
    expect(parse("sort=discoveredAt").sort).toBeNull();
    expect(parse("sort=discoveredAt:asc").sort).toBeNull();
    expect(parse("sort=discoveredAt:desc").sort).toBe("discoveredAt:desc");
  });

  it("writes the filters in a stable order, page 1 and no filter as the bare path", () => {
    expect(urlsHref("/p/urls", { filters: {}, sort: null, page: 1, size: 50, urlId: null })).toBe("/p/urls");
    expect(urlsHref("/p/urls", { filters: { disagreement: "any", engineAState: "indexed" }, sort: null, page: 2, size: 50, urlId: ID })).toBe(`/p/urls?engineAState=indexed&disagreement=any&page=2&url=${ID}`);
    expect(urlsHref("/p/urls", { filters: { verdictOlderThanDays: 90, stateSource: "inspection" }, sort: "impressions28d", page: 1, size: 50, urlId: null }))
      .toBe("/p/urls?stateSource=inspection&verdictOlderThanDays=90&sort=impressions28d");
    const s = parse(`isStale=true&source=sitemap&verdictOlderThanDays=7&sort=lastImpressionAt:asc&page=4`);
    expect(parse(urlsHref("/p/urls", s).split("?")[1])).toEqual(s);
  });

  it("turns a page number and size into the API's offset and limit", () => {
    expect(pageRange(1)).toEqual({ offset: 0, limit: 50 });
    expect(pageRange(201)).toEqual({ offset: 10_000, limit: 50 });
    expect(pageRange(3, 100)).toEqual({ offset: 200, limit: 100 });
  });

  it("keeps the search text and the page size, and drops what the API would refuse", () => {
    const s = parse(`q=${encodeURIComponent("/blog/bear_country 100%")}&sort=clicks28d:asc&page=2&size=100`);
    expect(s).toMatchObject({ filters: { q: "/blog/bear_country 100%" }, sort: "clicks28d:asc", page: 2, size: 100 });
    expect(urlsHref("/p/urls", s)).toBe("/p/urls?q=%2Fblog%2Fbear_country+100%25&sort=clicks28d%3Aasc&page=2&size=100");
    expect(parse(urlsHref("/p/urls", s).split("?")[1])).toEqual(s);
    for (const size of ["20", "101", "abc", "-50", ""]) expect(parse(`size=${size}`).size).toBe(50);
    expect(parse(`q=${"x".repeat(2049)}`).filters).toEqual({});
    expect(parse("q=a%00b").filters).toEqual({});
    expect(parse("q=").filters).toEqual({});
  });
});
