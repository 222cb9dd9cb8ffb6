import { describe, expect, it } from "vitest";
import { resolveTestUrl } from "./resolve-test-url";
import { testRobotsBody } from "./schemas";
import { crawlerToken } from "./user-agent";

describe("crawlerToken", () => {
  it.each([
    ["Googlebot", "googlebot"],
    ["  Googlebot/2.1  ", "googlebot"],
    ["*", "*"],
    ["Googlebot-Image/1.0", "googlebot-image"],
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "googlebot"],
    ["Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "googlebot"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36", "bingbot"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "gptbot"],
    ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "facebookexternalhit"],
    ["AdsBot-Google (+http://www.google.com/adsbot.html)", "adsbot-google"],
    ["DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "duckduckbot"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", "mozilla"],
    ["123bot", ""],
    ["/", ""],
  ])("%s → %s", (ua, token) => expect(crawlerToken(ua)).toBe(token));
});

describe("resolveTestUrl", () => {
  const d = "shop.example";
  it.each([
    ["/", "https://shop.example/"],
    ["/a/b?c=d#frag", "https://shop.example/a/b?c=d"],
    ["/café", "https://shop.example/caf%C3%A9"],
    ["https://SHOP.example/X", "https://shop.example/X"],
    ["http://shop.example/x", "http://shop.example/x"],
    ["https://shop.example:443/x", "https://shop.example/x"],
  ])("accepts %s as %s", (raw, url) => expect(resolveTestUrl(raw, d)).toEqual({ ok: true, url }));

  it.each([
    ["page", "invalid_url"],
    ["?q=1", "invalid_url"],
    ["ftp://shop.example/x", "unsupported_scheme"],
    ["javascript:alert(1)", "unsupported_scheme"],
    ["https://user:pw@shop.example/x", "credentials_in_url"],
    ["//user@shop.example/x", "credentials_in_url"],
    ["https://www.shop.example/x", "off_host"],
    ["https://evil.example/x", "off_host"],
    ["//evil.example/x", "off_host"],
    ["/\\evil.example/x", "off_host"],
    ["https://shop.example:8443/x", "non_default_port"],
  ])("refuses %s (%s)", (raw, code) => expect(resolveTestUrl(raw, d)).toMatchObject({ ok: false, code }));
});

describe("testRobotsBody", () => {
  const issues = (body: unknown) => {
    const r = testRobotsBody.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
  };

  it("accepts 1-100 URLs, a user agent up to 500 characters and a draft up to 512 KiB of UTF-8", () => {
    expect(issues({ urls: ["/"] })).toEqual([]);
    expect(issues({ urls: Array(100).fill("/"), userAgent: "G".repeat(500), robotsTxt: "é".repeat(256 * 1024) })).toEqual([]);
    expect(issues({ urls: ["/"], robotsTxt: "" })).toEqual([]);
  });

  it.each([
    ["no URLs", { urls: [] }, ["urls"]],
    ["101 URLs", { urls: Array(101).fill("/") }, ["urls"]],
    ["an empty URL", { urls: ["/", ""] }, ["urls.1"]],
    ["a NUL in a URL", { urls: ["/", "/a\0b"] }, ["urls.1"]],
    ["a NUL in the user agent", { urls: ["/"], userAgent: "Googlebot\0" }, ["userAgent"]],
    ["a NUL in the draft", { urls: ["/"], robotsTxt: "User-agent: *\n\0" }, ["robotsTxt"]],
    ["a user agent of 501 characters", { urls: ["/"], userAgent: "G".repeat(501) }, ["userAgent"]],
    ["a user agent with no token", { urls: ["/"], userAgent: "2.1" }, ["userAgent"]],
    ["a blank user agent", { urls: ["/"], userAgent: "  " }, ["userAgent"]],
    ["a draft over 512 KiB of UTF-8", { urls: ["/"], robotsTxt: "é".repeat(256 * 1024 + 1) }, ["robotsTxt"]],
    ["an unknown field", { urls: ["/"], agent: "x" }, [""]],
  ])("refuses %s", (_name, body, paths) => expect(issues(body)).toEqual(paths));
});
