import { describe, expect, it } from "vitest";
import { portfolioHref, portfolioParams } from "./search-params";

describe("portfolio address bar", () => {
  it("reads sort and q, with defaults for what is missing or unknown", () => {
    expect(portfolioParams({})).toEqual({ sort: "name:asc", q: "" });
    expect(portfolioParams({ sort: "healthyPct" })).toEqual({ sort: "healthyPct:desc", q: "" });
    expect(portfolioParams({ sort: "name:desc", q: "  shop " })).toEqual({ sort: "name:desc", q: "shop" });
    expect(portfolioParams({ sort: "size:asc", q: ["a", "b"] })).toEqual({ sort: "name:asc", q: "a" });
    expect(portfolioParams({ q: "x".repeat(300) }).q).toHaveLength(255);
  });

  it("writes only what differs from the defaults", () => {
    expect(portfolioHref({ sort: "name:asc", q: "" })).toBe("/portfolio");
    expect(portfolioHref({ sort: "openCritical:desc", q: "a b" })).toBe("/portfolio?sort=openCritical%3Adesc&q=a+b");
  });
});
