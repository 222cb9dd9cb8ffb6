import { describe, expect, it } from "vitest";
import { parseProperty } from "./property";
import { propertyCoversDomain } from "./property-covers-domain";
import { urlInProperty } from "./url-in-property";

describe("propertyCoversDomain", () => {
  it.each([
    ["sc-domain:example.com", "example.com", true],
    ["SC-DOMAIN:Example.COM", "example.com", true],
    ["sc-domain:example.com", "EXAMPLE.com.", true],
    ["sc-domain:example.com", "shop.example.com", true],
    ["sc-domain:shop.example.com", "example.com", false],
    ["sc-domain:example.com", "notexample.com", false],
    ["https://example.com/", "example.com", true],
    ["http://example.com/", "example.com", true],
    ["HTTPS://EXAMPLE.COM/", "example.com", true],
    ["https://example.com", "example.com", true],
    ["https://www.example.com/", "example.com", false],
    ["https://example.com/", "www.example.com", false],
    ["https://example.com/blog/", "example.com", false],
    ["https://example.com:8443/", "example.com", false],
    ["https://example.com/?q=1", "example.com", false],
    ["ftp://example.com/", "example.com", false],
    ["example.com", "example.com", false],
    ["sc-domain:", "example.com", false],
    ["https://example.com/", "", false],
  ])("%s covers %s: %s", (siteUrl, domain, expected) => {
    expect(propertyCoversDomain(siteUrl, domain)).toBe(expected);
  });

  it("compares internationalized domains in their ASCII form", () => {
    expect(propertyCoversDomain("sc-domain:xn--bcher-kva.example", "bücher.example")).toBe(true);
    expect(propertyCoversDomain("https://bücher.example/", "xn--bcher-kva.example")).toBe(true);
  });
});

describe("urlInProperty", () => {
  it.each([
    ["https://example.com/a", "sc-domain:example.com", true],
    ["http://blog.example.com/a", "sc-domain:example.com", true],
    ["https://example.org/a", "sc-domain:example.com", false],
    ["https://example.com/a", "https://example.com/", true],
    ["https://EXAMPLE.com/a", "https://example.com/", true],
    ["http://example.com/a", "https://example.com/", false],
    ["https://www.example.com/a", "https://example.com/", false],
    ["https://example.com/blog/post", "https://example.com/blog/", true],
    ["https://example.com/blog", "https://example.com/blog/", false],
    ["https://example.com/Blog/post", "https://example.com/blog/", false],
    ["https://example.com/blogger", "https://example.com/blog", false],
    ["https://example.com:443/a", "https://example.com/", true],
    ["not a url", "https://example.com/", false],
  ])("%s in %s: %s", (url, siteUrl, expected) => {
    expect(urlInProperty(url, siteUrl)).toBe(expected);
  });

  it("parses both property kinds", () => {
    expect(parseProperty("sc-domain:Example.com")).toEqual({ kind: "domain", domain: "example.com" });
    expect(parseProperty("https://Example.com/x/")).toEqual({ kind: "prefix", protocol: "https:", host: "example.com", port: "", path: "/x/" });
  });
});
