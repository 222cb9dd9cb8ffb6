import { describe, expect, it } from "vitest";
import { isOnHost, normalizeUrl } from "./normalize-url";

describe("normalizeUrl", () => {
  it.each([
    ["uppercase scheme and host are lowered", "HTTPS://Example.COM/Path", "https://example.com/Path"],
    ["http default port dropped", "http://example.com:80/a", "http://example.com/a"],
    ["https default port dropped", "https://example.com:443/a", "https://example.com/a"],
    ["non-default port kept", "https://example.com:8443/a", "https://example.com:8443/a"],
    ["http port 443 is not its default: kept", "http://example.com:443/a", "http://example.com:443/a"],
    ["fragment dropped", "https://example.com/a#section-2", "https://example.com/a"],
    ["empty fragment dropped", "https://example.com/a#", "https://example.com/a"],
    ["path case kept", "https://example.com/Products/Blue-Shoe", "https://example.com/Products/Blue-Shoe"],
    ["trailing slash kept", "https://example.com/blog/", "https://example.com/blog/"],
    ["no trailing slash stays without", "https://example.com/blog", "https://example.com/blog"],
    ["bare origin gets the root path", "https://example.com", "https://example.com/"],
    ["query kept verbatim, order and case included", "https://example.com/s?b=2&A=1&a=3", "https://example.com/s?b=2&A=1&a=3"],
    ["query kept, fragment after it dropped", "https://example.com/s?q=1#top", "https://example.com/s?q=1"],
    ["whitespace trimmed", "  \thttps://example.com/a \n", "https://example.com/a"],
    ["IDN host to punycode", "https://Bücher.example/regal", "https://xn--bcher-kva.example/regal"],
  ])("%s", (_name, input, expected) => {
    expect(normalizeUrl(input)).toMatchObject({ ok: true, url: expected });
  });

  it("returns the lowercased host", () => {
    expect(normalizeUrl("https://WWW.Example.com:8080/x")).toEqual({ ok: true, url: "https://www.example.com:8080/x", host: "www.example.com" });
  });

  it.each([
    ["ftp", "ftp://example.com/file", "unsupported_scheme"],
    ["javascript", "javascript:alert(1)", "unsupported_scheme"],
    ["mailto", "mailto:someone@example.com", "unsupported_scheme"],
    ["data", "data:text/html,<p>x</p>", "unsupported_scheme"],
    ["file", "file:///etc/passwd", "unsupported_scheme"],
    ["relative path", "/products/1", "invalid_url"],
    ["scheme-relative", "//example.com/a", "invalid_url"],
    ["no scheme", "example.com/a", "invalid_url"],
    ["user and password", "https://user:secret@example.com/", "credentials_in_url"],
    ["user only", "https://user@example.com/", "credentials_in_url"],
    ["password only", "https://:secret@example.com/", "credentials_in_url"],
    ["a host-looking user name", "http://example.com@127.0.0.1/", "credentials_in_url"],
    ["NUL in the path", "https://example.com/a\u0000b", "nul_byte"],
    ["NUL in the query", "https://example.com/?q=\u0000", "nul_byte"],
    ["NUL in the fragment", "https://example.com/#\u0000", "nul_byte"],
    ["a leading NUL (the parser would strip it)", "\u0000https://example.com/", "nul_byte"],
    ["NUL in the host", "https://exa\u0000mple.com/", "nul_byte"],
    ["empty", "", "empty"],
    ["blank", "   ", "empty"],
    ["space in host", "https://exa mple.com/", "invalid_url"],
  ])("rejects %s", (_name, input, reason) => {
    expect(normalizeUrl(input)).toEqual({ ok: false, reason });
  });

  it("keeps a percent-encoded %00 (text, not a NUL)", () => {
    expect(normalizeUrl("https://example.com/a%00b")).toEqual({ ok: true, url: "https://example.com/a%00b", host: "example.com" });
  });

  it("rejects URLs longer than 2048 characters, and accepts 2048", () => {
    const base = "https://example.com/";
    expect(normalizeUrl(base + "a".repeat(2048 - base.length))).toMatchObject({ ok: true });
    expect(normalizeUrl(base + "a".repeat(2049 - base.length))).toEqual({ ok: false, reason: "too_long" });
  });

  it("rejects a URL that grows past 2048 characters when normalized", () => {
    const input = "https://example.com/" + " ".repeat(1000) + "x";
    expect(input.trim().length).toBeLessThanOrEqual(2048);
    expect(normalizeUrl(input)).toEqual({ ok: false, reason: "too_long" });
  });
});

describe("isOnHost", () => {
  it.each([
    ["example.com", "example.com", true],
    ["www.example.com", "example.com", false],
    ["shop.example.com", "example.com", false],
    ["example.com.evil.test", "example.com", false],
    ["example.co", "example.com", false],
  ])("%s on %s → %s", (host, domain, expected) => {
    expect(isOnHost(host, domain)).toBe(expected);
  });
});
