import { describe, expect, it } from "vitest";
import { pageRange, parseUrlsSearch, urlsHref } from "./search-params";

const parse = (qs: string) => {
  const sp = new URLSearchParams(qs);
  return parseUrlsSearch((k) => sp.get(k));
};
const ID = "0b0b0b0b-0000-4000-8000-000000000001";

describe("URLs page address", () => {
  it("reads every API filter, the page and the open URL", () => {
    expect(parse(`healthState=client_error&indexability=indexable&engineAState=indexed&engineBState=not_indexed&source=manual&hasIssues=true&isStale=false&disagreement=any&page=3&url=${ID}`)).toEqual({
      filters: { healthState: "client_error", indexability: "indexable", engineAState: "indexed", engineBState: "not_indexed", source: "manual", hasIssues: "true", isStale: "false", disagreement: "any" },
      page: 3,
      urlId: ID,
    });
  });

  it("drops values the API would reject rather than sending them", () => {
    expect(parse("healthState=broken&source=&hasIssues=yes&disagreement=toString&page=-2&url=42")).toEqual({ filters: {}, page: 1, urlId: null });
    expect(parse("page=1.5").page).toBe(1);
  });

  it("writes the filters in a stable order, page 1 and no filter as the bare path", () => {
    expect(urlsHref("/p/urls", { filters: {}, page: 1, urlId: null })).toBe("/p/urls");
    expect(urlsHref("/p/urls", { filters: { disagreement: "any", engineAState: "indexed" }, page: 2, urlId: ID })).toBe(`/p/urls?engineAState=indexed&disagreement=any&page=2&url=${ID}`);
    const s = parse(`isStale=true&source=sitemap&page=4`);
    expect(parse(urlsHref("/p/urls", s).split("?")[1])).toEqual(s);
  });

  it("turns a page number into the API's offset and limit", () => {
    expect(pageRange(1)).toEqual({ offset: 0, limit: 50 });
    expect(pageRange(201)).toEqual({ offset: 10_000, limit: 50 });
  });
});
