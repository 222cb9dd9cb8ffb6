import { describe, expect, it } from "vitest";
import { matchEngineBSite } from "./match-engine-b-site";

const s = (url: string, verified = true) => ({ url, verified });

describe("matchEngineBSite", () => {
  it("matches the root of the domain on http or https, with or without the final slash, https first", () => {
    expect(matchEngineBSite([s("http://example.com")], "example.com")).toEqual({ ok: true, siteUrl: "http://example.com" });
    expect(matchEngineBSite([s("http://example.com/"), s("https://example.com")], "example.com")).toEqual({ ok: true, siteUrl: "https://example.com" });
    expect(matchEngineBSite([s("HTTPS://EXAMPLE.COM./")], "example.com")).toEqual({ ok: true, siteUrl: "HTTPS://EXAMPLE.COM./" });
    expect(matchEngineBSite([s("https://example.com/", false), s("http://example.com/")], "example.com")).toEqual({ ok: true, siteUrl: "http://example.com/" });
  });

  it("tells a listed but unverified site from an absent one", () => {
    expect(matchEngineBSite([s("https://example.com/", false)], "example.com")).toEqual({ ok: false, reason: "site_not_verified", sites: ["https://example.com/"] });
    const others = [s("https://www.example.com/"), s("https://example.com/blog/"), s("https://example.com:8080/"), s("ftp://example.com/"), s("not a url")];
    expect(matchEngineBSite(others, "example.com")).toEqual({ ok: false, reason: "site_not_found", sites: others.map((o) => o.url) });
  });
});
