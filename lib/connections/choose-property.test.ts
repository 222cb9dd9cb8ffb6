import { describe, expect, it } from "vitest";
import { chooseProperty } from "./choose-property";

const site = (siteUrl: string, permissionLevel = "siteOwner") => ({ siteUrl, permissionLevel, verified: permissionLevel !== "siteUnverifiedUser" });

describe("chooseProperty", () => {
  const sites = [
    site("sc-domain:example.com"), site("https://example.com/", "siteFullUser"), site("http://example.com/", "siteRestrictedUser"),
    site("https://www.example.com/"), site("https://example.com/blog/"), site("https://shop.example.com/", "siteUnverifiedUser"), site("sc-domain:other.test"),
  ];
  const covering = ["sc-domain:example.com", "https://example.com/", "http://example.com/"];

  it("accepts the domain property and both root URL-prefix properties, whatever the case of scheme and host", () => {
    for (const p of ["sc-domain:example.com", "SC-DOMAIN:Example.COM", "https://example.com/", "HTTPS://EXAMPLE.COM/", "http://example.com/", "https://example.com"]) {
      expect(chooseProperty(sites, p, "example.com").ok, p).toBe(true);
    }
    expect(chooseProperty(sites, "http://example.com/", "example.com")).toMatchObject({ ok: true, site: { permissionLevel: "siteRestrictedUser" } });
  });

  it("refuses www., sub-folder and other properties as not covering, listing the ones that do", () => {
    for (const p of ["https://www.example.com/", "https://example.com/blog/", "sc-domain:other.test"]) {
      expect(chooseProperty(sites, p, "example.com")).toEqual({ ok: false, reason: "not_covering", covering });
    }
  });

  it("tells an unlisted property from an unverified one", () => {
    expect(chooseProperty(sites, "https://example.com:8443/", "example.com")).toEqual({ ok: false, reason: "not_listed", covering });
    expect(chooseProperty(sites, "sc-domain:example.org", "example.com")).toMatchObject({ reason: "not_listed" });
    expect(chooseProperty(sites, "https://shop.example.com/", "shop.example.com")).toEqual({ ok: false, reason: "unverified", covering: ["sc-domain:example.com"] });
  });

  it("a domain property covers subdomain projects; an unverified covering property is not offered", () => {
    expect(chooseProperty(sites, "sc-domain:example.com", "shop.example.com").ok).toBe(true);
    expect(chooseProperty([site("sc-domain:example.com", "siteUnverifiedUser")], "sc-domain:example.com", "example.com")).toEqual({ ok: false, reason: "unverified", covering: [] });
    expect(chooseProperty([], "sc-domain:example.com", "example.com")).toEqual({ ok: false, reason: "not_listed", covering: [] });
  });
});
