// The aggregator's URL keys: a path already in normal form skips URL parsing, and must give exactly the key URL
// normalization gives; anything else goes the slow way.
import { describe, expect, it } from "vitest";
import { HitAggregator, isPlainPath } from "@/lib/crawl-logs/aggregate/aggregate-hits";
import type { LogHit } from "@/lib/crawl-logs/types";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import { seededRandom } from "../seeded-random";

const DOMAIN = "shop.example.com";
const slowKey = (path: string) => {
  const n = normalizeUrl(`https://${DOMAIN}${path}`);
  return n.ok && n.host === DOMAIN ? n.url.slice("https://".length) : null;
};
const hit = (path: string, host: string | null = null): LogHit =>
  ({ time: new Date("2026-11-25T10:00:00Z"), ip: "66.249.66.1", method: "GET", host, path, status: 200, bytes: 1, userAgent: "Googlebot/2.1" });

describe("URL keys of logged targets", () => {
  it("a path taken as it is equals what URL normalization makes of it, for every ASCII character anywhere", () => {
    const agg = new HitAggregator(DOMAIN);
    let fast = 0;
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      for (const path of [`/${ch}`, `/a${ch}b`, `/a/${ch}`, `/a?q=${ch}`, `/a?${ch}=1&b`, `/${ch}${ch}/x`, `/a/.${ch}`, `/a?x=/${ch}.`]) {
        const key = agg.target(hit(path));
        expect(key === null ? null : key === "other_host" ? key : `${DOMAIN}${key}`, JSON.stringify(path)).toBe(slowKey(path));
        if (isPlainPath(path)) fast++;
      }
    }
    expect(fast).toBeGreaterThan(400);
  });

  it("agrees with URL normalization on generated paths (dot segments, percent escapes, Unicode, long ones)", () => {
    const rand = seededRandom(23);
    const alphabet = ["a", "Z", "0", "/", ".", "..", "%2e", "%2E", "%41", "%zz", "?", "&", "=", "#", "~", "-", "_", " ", "é", "\ufffd", "\\", "|", "^", "`", "'", "\"", "@", ":", ";", "+", "!"];
    const agg = new HitAggregator(DOMAIN);
    for (let n = 0; n < 5000; n++) {
      let path = "/";
      const len = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < len; i++) path += alphabet[Math.floor(rand() * alphabet.length)];
      if (n % 500 === 0) path += "x".repeat(2100);
      const key = agg.target(hit(path));
      expect(key === null ? null : `${DOMAIN}${key}`, JSON.stringify(path)).toBe(slowKey(path));
    }
  });

  it("tells another host apart, by the virtual host column or an absolute URL", () => {
    const agg = new HitAggregator(DOMAIN);
    expect(agg.target(hit("/a", "www.shop.example.com"))).toBe("other_host");
    expect(agg.target(hit("https://elsewhere.example/a"))).toBe("other_host");
    expect(agg.target(hit("https://SHOP.example.com/a?b=1#frag"))).toBe("/a?b=1");
    expect(agg.target(hit("*"))).toBeNull();
  });
});
