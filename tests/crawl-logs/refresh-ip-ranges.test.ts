import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshCrawlerIpRangesFn } from "@/inngest/functions/crawl-logs/refresh-crawler-ip-ranges";
import { identifyCrawler } from "@/lib/crawl-logs/identify/crawlers";
import { IP_RANGE_LISTS, ipRangeListUrls, type IpRangeListId } from "@/lib/crawl-logs/verify/ip-ranges";
import { loadIpRangeLists } from "@/lib/crawl-logs/verify/ip-range-store";
import { refreshCrawlerIpRanges } from "@/lib/crawl-logs/verify/refresh-crawler-ip-ranges";
import { createCrawlerVerifier } from "@/lib/crawl-logs/verify/verify-crawler";
import { db } from "@/lib/db";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { runUnderInngest } from "../inngest-engine";

// The operators' hosts, played by a local server reached through CONNECT_TO, as in production configuration.
// Every list served is the shipped copy plus one prefix no other suite uses (under the IPv6 documentation
// range): a superset, so that suites verifying crawler addresses meanwhile in the same database see no difference.
const HOST = "ranges.test";
const EXTRA = "2001:db8:c0de:5eed::/64";
const EXTRA_ADDRESS = "2001:db8:c0de:5eed::7";
let server: http.Server;
let fetcher: SafeFetcher;
const answers = new Map<string, { status: number; body: string }>();

const shippedPlus = (id: IpRangeListId, creationTime: string) => {
  const list = IP_RANGE_LISTS.find((l) => l.id === id)!;
  return JSON.stringify({ creationTime, prefixes: [...list.shipped.prefixes, { ipv6Prefix: EXTRA }] });
};
const urlOf = (id: IpRangeListId) => `http://${HOST}/${id}.json`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? "") ?? { status: 404, body: "not found" };
    res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  process.env.CONNECT_TO = `${HOST}:80:127.0.0.1:${port}`;
  process.env.CRAWLER_IP_RANGES_URLS = IP_RANGE_LISTS.map((l) => `${l.id}=${urlOf(l.id)}`).join(",");
  fetcher = createSafeFetcher({ connectTo: process.env.CONNECT_TO });
});

afterAll(async () => {
  await db.crawlerIpRange.deleteMany({ where: { sourceUrl: { startsWith: `http://${HOST}/` } } });
  await new Promise((resolve) => server.close(resolve));
});

const serve = (id: IpRangeListId, status: number, body: string) => answers.set(`/${id}.json`, { status, body });
const row = (id: IpRangeListId) => db.crawlerIpRange.findUnique({ where: { listId: id } });
const gptbot = identifyCrawler("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot");

describe("refreshing the published crawler IP ranges", () => {
  it("stores a valid list, and verification uses the stored copy from then on", async () => {
    // Written as the operators write it: no zone, meaning UTC.
    serve("openai-gptbot", 200, shippedPlus("openai-gptbot", "2026-11-24T11:00:00.000000"));
    const before = await createCrawlerVerifier().classify(gptbot, EXTRA_ADDRESS);
    expect(before).toBe("unverified");

    const now = new Date("2026-11-25T04:10:00Z");
    const result = await refreshCrawlerIpRanges({ fetcher, lists: ["openai-gptbot"], urls: { "openai-gptbot": urlOf("openai-gptbot") }, now });
    expect(result).toEqual({ updated: ["openai-gptbot"], unchanged: [], failures: [] });
    expect(await row("openai-gptbot")).toMatchObject({
      families: ["gptbot"],
      sourceUrl: urlOf("openai-gptbot"),
      creationTime: new Date("2026-11-24T11:00:00Z"),
      prefixCount: IP_RANGE_LISTS.find((l) => l.id === "openai-gptbot")!.shipped.prefixes.length + 1,
      fetchedAt: now,
      lastError: null,
    });
    const lists = await loadIpRangeLists();
    expect(lists.find((l) => l.id === "openai-gptbot")).toMatchObject({ origin: "stored" });
    expect(await createCrawlerVerifier().classify(gptbot, EXTRA_ADDRESS)).toBe("verified");
    expect(await createCrawlerVerifier().classify(gptbot, "20.171.206.7")).toBe("verified");
  });

  it.each([
    ["an HTTP error", 503, "Service Unavailable"],
    ["an HTML error page", 200, "<html><body>Please enable JavaScript</body></html>"],
    ["an empty list", 200, JSON.stringify({ creationTime: "2026-11-25T00:00:00Z", prefixes: [] })],
    ["a truncated file", 200, shippedPlus("openai-gptbot", "2026-11-25T00:00:00Z").slice(0, 300)],
    ["an invalid prefix", 200, JSON.stringify({ creationTime: "2026-11-25T00:00:00Z", prefixes: [{ ipv4Prefix: "20.171.206.0/24" }, { ipv4Prefix: "999.1.1.0/24" }] })],
    ["an implausibly broad prefix", 200, JSON.stringify({ creationTime: "2026-11-25T00:00:00Z", prefixes: [{ ipv4Prefix: "0.0.0.0/0" }] })],
    ["another shape", 200, JSON.stringify({ ipv4: ["20.171.206.0/24"] })],
  ])("keeps the previous copy on %s and records the error", async (_name, status, body) => {
    const previous = await row("openai-gptbot");
    expect(previous).not.toBeNull();
    serve("openai-gptbot", status, body);
    const now = new Date("2026-11-26T04:10:00Z");
    const result = await refreshCrawlerIpRanges({ fetcher, lists: ["openai-gptbot"], urls: { "openai-gptbot": urlOf("openai-gptbot") }, now });
    expect(result.updated).toEqual([]);
    expect(result.failures).toEqual([{ list: "openai-gptbot", error: expect.any(String) }]);
    const after = await row("openai-gptbot");
    expect(after).toMatchObject({ prefixes: previous!.prefixes, creationTime: previous!.creationTime, fetchedAt: previous!.fetchedAt, checkedAt: now, lastError: expect.any(String) });
    expect(await createCrawlerVerifier().classify(gptbot, EXTRA_ADDRESS)).toBe("verified");
  });

  it("does not replace a copy with an older one", async () => {
    serve("openai-gptbot", 200, JSON.stringify({ creationTime: "2025-01-01T00:00:00Z", prefixes: [{ ipv4Prefix: "20.171.206.0/24" }] }));
    const result = await refreshCrawlerIpRanges({ fetcher, lists: ["openai-gptbot"], urls: { "openai-gptbot": urlOf("openai-gptbot") } });
    expect(result).toMatchObject({ updated: [], unchanged: ["openai-gptbot"] });
    expect((await row("openai-gptbot"))!.prefixCount).toBeGreaterThan(1);
  });

  it("the daily function refreshes every list from the configured URLs, one failing list keeping its copy", async () => {
    for (const list of IP_RANGE_LISTS) serve(list.id, 200, shippedPlus(list.id, "2026-11-27T00:00:00Z"));
    serve("bingbot", 500, "oops");
    const { result, error } = await runUnderInngest(refreshCrawlerIpRangesFn);
    expect(error).toBeUndefined();
    const { updated, failures } = result as { updated: string[]; failures: Array<{ list: string }> };
    expect([...updated].sort()).toEqual(IP_RANGE_LISTS.map((l) => l.id).filter((id) => id !== "bingbot").sort());
    expect(failures.map((f) => f.list)).toEqual(["bingbot"]);
    const stored = await loadIpRangeLists();
    expect(stored.filter((l) => l.origin === "stored").map((l) => l.id).sort()).toEqual([...updated].sort());
    expect(stored.find((l) => l.id === "bingbot")).toMatchObject({ origin: "shipped" });
  });
});

describe("configured URLs", () => {
  it("CRAWLER_IP_RANGES_URLS wins over a list's own variable, which wins over the operator's address", () => {
    const urls = ipRangeListUrls({
      CRAWLER_IP_RANGES_URLS: "bingbot=https://mirror.example/bing.json, applebot = https://mirror.example/apple.json",
      CRAWLER_IP_RANGES_BINGBOT_URL: "https://other.example/bing.json",
      CRAWLER_IP_RANGES_GPTBOT_URL: "https://mirror.example/gptbot.json",
    });
    expect(urls.bingbot).toBe("https://mirror.example/bing.json");
    expect(urls.applebot).toBe("https://mirror.example/apple.json");
    expect(urls["openai-gptbot"]).toBe("https://mirror.example/gptbot.json");
    expect(urls["google-common-crawlers"]).toBe("https://developers.google.com/static/crawling/ipranges/common-crawlers.json");
  });

  it("every shipped copy is a valid list of the operator's file format", async () => {
    const { validateRangeFile } = await import("@/lib/crawl-logs/verify/ip-range-store");
    for (const list of IP_RANGE_LISTS) {
      const valid = validateRangeFile(list.shipped);
      expect(valid, list.id).not.toBeNull();
      expect(valid!.prefixes.length, list.id).toBe(list.shipped.prefixes.length);
    }
  });
});
