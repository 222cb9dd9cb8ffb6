import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { identifyCrawler, type CrawlerMatch } from "@/lib/crawl-logs/identify/crawlers";
import { IpRangeSet } from "@/lib/crawl-logs/verify/ip-range-set";
import { IP_RANGE_LISTS } from "@/lib/crawl-logs/verify/ip-ranges";
import { createCrawlerVerifier, type CrawlerVerifierOptions } from "@/lib/crawl-logs/verify/verify-crawler";
import { createResolver, type HostResolver } from "@/lib/net/resolver";
import { ptrName, startFakeDns, type FakeDnsServer } from "../fakes/dns-server";

let dns: FakeDnsServer;
beforeAll(async () => {
  dns = await startFakeDns();
});
afterAll(async () => {
  await dns.close();
});
beforeEach(() => dns.clear());

const agent = {
  googlebot: "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.139 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
  gptbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot",
  perplexity: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
  applebot: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  yandex: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  claude: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  claudeUser: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
  ccbot: "CCBot/2.0 (https://commoncrawl.org/faq/)",
  duckduckbot: "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
  duckassist: "DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)",
  bytespider: "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
  adsbot: "AdsBot-Google (+http://www.google.com/adsbot.html)",
};
const claim = (ua: string): CrawlerMatch => identifyCrawler(ua)!;

let clock = new Date("2026-11-25T12:00:00Z");
const resolver = () => createResolver({ servers: [dns.server], timeoutMs: 300, tries: 1 });
const verifier = (options: CrawlerVerifierOptions = {}) => {
  clock = new Date("2026-11-25T12:00:00Z");
  // The shipped copies: these tests do not read the database.
  const lists = async () => IP_RANGE_LISTS.map((l) => ({ id: l.id, prefixes: l.shipped.prefixes }));
  return createCrawlerVerifier({ resolver: resolver(), now: () => clock, loadLists: lists, ...options });
};

/** PTR of ip → name, and name's A/AAAA → addresses. */
function reverseDns(ip: string, name: string, forward: string[] = [ip]): void {
  dns.set(ptrName(ip), { PTR: [name] });
  dns.set(name, forward[0]?.includes(":") ? { AAAA: forward } : { A: forward });
}

describe("verification by the published IP ranges", () => {
  it("verifies Googlebot, Bingbot, GPTBot, PerplexityBot and Applebot inside their lists without any DNS", async () => {
    const v = verifier();
    expect(await v.classify(claim(agent.googlebot), "66.249.66.1")).toBe("verified");
    expect(await v.classify(claim(agent.googlebot), "2001:4860:4801:10::17")).toBe("verified");
    expect(await v.classify(claim(agent.googlebot), "::ffff:66.249.66.1")).toBe("verified");
    expect(await v.classify(claim(agent.bingbot), "157.55.39.200")).toBe("verified");
    expect(await v.classify(claim(agent.bingbot), "40.77.189.3")).toBe("verified");
    expect(await v.classify(claim(agent.gptbot), "20.171.206.7")).toBe("verified");
    expect(await v.classify(claim(agent.perplexity), "18.97.9.100")).toBe("verified");
    expect(await v.classify(claim(agent.applebot), "17.241.208.170")).toBe("verified");
    expect(await v.classify(claim(agent.adsbot), "66.249.66.2")).toBe("verified");
    expect(dns.queries).toEqual([]);
    expect(v.stats()).toEqual({ lookups: 0, cacheHits: 0 });
  });

  it("verifies ClaudeBot and Claude-User, CCBot and DuckDuckBot / DuckAssistBot inside their operators' lists", async () => {
    const v = verifier();
    expect(await v.classify(claim(agent.claude), "216.73.216.40")).toBe("verified");
    expect(await v.classify(claim(agent.claudeUser), "34.162.230.222")).toBe("verified");
    expect(await v.classify(claim(agent.ccbot), "18.97.14.84")).toBe("verified");
    expect(await v.classify(claim(agent.ccbot), "2600:1f28:365:80ab::1")).toBe("verified");
    expect(await v.classify(claim(agent.duckduckbot), "20.191.45.212")).toBe("verified");
    expect(await v.classify(claim(agent.duckassist), "57.152.72.128")).toBe("verified");
    expect(dns.queries).toEqual([]);
  });

  it("a family with a list and no reverse DNS convention is unverified outside its list", async () => {
    const v = verifier();
    expect(await v.classify(claim(agent.gptbot), "203.0.113.5")).toBe("unverified");
    expect(await v.classify(claim(agent.perplexity), "18.97.9.104")).toBe("unverified");
    // Spoofed Anthropic and DuckDuckGo crawlers: the address one step outside the list.
    expect(await v.classify(claim(agent.claude), "216.73.220.1")).toBe("unverified");
    expect(await v.classify(claim(agent.duckduckbot), "20.191.45.213")).toBe("unverified");
    expect(dns.queries).toEqual([]);
  });

  it("range sets match prefix boundaries exactly", () => {
    const set = new IpRangeSet(["66.249.64.0/27", "66.249.64.32/27", "2001:4860:4801:10::/64", "10.0.0.0/8"]);
    expect(set.has("66.249.64.0")).toBe(true);
    expect(set.has("66.249.64.63")).toBe(true);
    expect(set.has("66.249.64.64")).toBe(false);
    expect(set.has("66.249.63.255")).toBe(false);
    expect(set.has("10.255.255.255")).toBe(true);
    expect(set.has("2001:4860:4801:10:ffff:ffff:ffff:ffff")).toBe(true);
    expect(set.has("2001:4860:4801:11::")).toBe(false);
    expect(set.has("::ffff:10.1.2.3")).toBe(true);
    expect(set.has("not an ip")).toBe(false);
  });
});

describe("verification by forward-confirmed reverse DNS", () => {
  it("verifies Googlebot outside the list whose PTR is under googlebot.com and resolves back (IPv4 and IPv6)", async () => {
    const v = verifier();
    reverseDns("198.51.100.10", "crawl-198-51-100-10.googlebot.com");
    reverseDns("2001:db8::5", "rate-limited-proxy.google.com", ["2001:db8::5"]);
    expect(await v.classify(claim(agent.googlebot), "198.51.100.10")).toBe("verified");
    expect(await v.classify(claim(agent.googlebot), "2001:db8::5")).toBe("verified");
    expect(dns.queriesFor(ptrName("198.51.100.10"), "PTR")).toHaveLength(1);
    expect(v.stats().lookups).toBeGreaterThanOrEqual(4);
  });

  it("verifies CCBot outside its list by a PTR under crawl.commoncrawl.org that resolves back, and not a look-alike", async () => {
    const v = verifier();
    reverseDns("198.51.100.24", "ccbot-198-51-100-24.crawl.commoncrawl.org");
    reverseDns("198.51.100.25", "crawl.commoncrawl.org.attacker.example");
    reverseDns("198.51.100.26", "ccbot.commoncrawl.org");
    expect(await v.classify(claim(agent.ccbot), "198.51.100.24")).toBe("verified");
    expect(await v.classify(claim(agent.ccbot), "198.51.100.25")).toBe("unverified");
    expect(await v.classify(claim(agent.ccbot), "198.51.100.26")).toBe("unverified");
  });

  it("verifies families that only have reverse DNS (YandexBot) and Bing outside its list", async () => {
    const v = verifier();
    reverseDns("198.51.100.20", "spider-198-51-100-20.yandex.com");
    reverseDns("198.51.100.21", "msnbot-198-51-100-21.search.msn.com");
    expect(await v.classify(claim(agent.yandex), "198.51.100.20")).toBe("verified");
    expect(await v.classify(claim(agent.bingbot), "198.51.100.21")).toBe("verified");
  });

  it("spoofed Googlebot: a non-Google address is unverified whatever its PTR says", async () => {
    const v = verifier();
    // A PTR the attacker controls, claiming googlebot.com, whose forward lookup does not include the address.
    reverseDns("203.0.113.50", "crawl-66-249-66-1.googlebot.com", ["66.249.66.1"]);
    // A name that only looks like Google's.
    reverseDns("203.0.113.51", "crawl.googlebot.com.attacker.example");
    reverseDns("203.0.113.52", "notgooglebot.com");
    // Google Cloud customers' machines resolve under googleusercontent.com: not Googlebot.
    reverseDns("203.0.113.53", "53.113.0.203.bc.googleusercontent.com");
    for (const ip of ["203.0.113.50", "203.0.113.51", "203.0.113.52", "203.0.113.53", "203.0.113.54" /* no PTR at all */]) {
      expect(await v.classify(claim(agent.googlebot), ip), ip).toBe("unverified");
    }
    expect(await v.classify(claim(agent.googlebot), "not-an-address")).toBe("unverified");
  });

  it("a DNS failure is unverified, retried after the short error TTL rather than the negative one", async () => {
    const v = verifier({ errorTtlMs: 5 * 60_000, negativeTtlMs: 3600_000 });
    dns.set(ptrName("198.51.100.30"), { drop: true });
    expect(await v.classify(claim(agent.googlebot), "198.51.100.30")).toBe("unverified");
    reverseDns("198.51.100.30", "crawl-198-51-100-30.googlebot.com");
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect(await v.classify(claim(agent.googlebot), "198.51.100.30")).toBe("verified");
  });
});

describe("what is not verified at all", () => {
  it("no crawler, and crawlers nobody can verify, are 'other' without any lookup", async () => {
    const v = verifier();
    expect(await v.classify(null, "198.51.100.1")).toBe("other");
    expect(await v.classify(claim(agent.bytespider), "198.51.100.1")).toBe("other");
    expect(await v.classify(identifyCrawler("meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)"), "198.51.100.1")).toBe("other");
    expect(await v.classify(identifyCrawler("Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)"), "198.51.100.1")).toBe("other");
    expect(dns.queries).toEqual([]);
    expect(v.stats()).toEqual({ lookups: 0, cacheHits: 0 });
  });
});

describe("the verification cache", () => {
  it("answers a repeated (family, address) from the cache until its TTL, negative answers sooner", async () => {
    const v = verifier({ positiveTtlMs: 24 * 3600_000, negativeTtlMs: 3600_000 });
    reverseDns("198.51.100.40", "crawl-198-51-100-40.googlebot.com");
    for (let i = 0; i < 5; i++) expect(await v.classify(claim(agent.googlebot), "198.51.100.40")).toBe("verified");
    for (let i = 0; i < 5; i++) expect(await v.classify(claim(agent.googlebot), "203.0.113.60")).toBe("unverified");
    expect(v.stats()).toMatchObject({ cacheHits: 8 });
    const lookups = v.stats().lookups;
    expect(dns.queriesFor(ptrName("198.51.100.40"))).toHaveLength(1);

    clock = new Date(clock.getTime() + 2 * 3600_000);
    await v.classify(claim(agent.googlebot), "198.51.100.40");
    await v.classify(claim(agent.googlebot), "203.0.113.60");
    expect(dns.queriesFor(ptrName("198.51.100.40"))).toHaveLength(1);
    expect(dns.queriesFor(ptrName("203.0.113.60"))).toHaveLength(2);

    clock = new Date(clock.getTime() + 23 * 3600_000);
    await v.classify(claim(agent.googlebot), "198.51.100.40");
    expect(dns.queriesFor(ptrName("198.51.100.40"))).toHaveLength(2);
    expect(v.stats().lookups).toBeGreaterThan(lookups);
  });

  it("keys the cache by family: a verified Googlebot address is not thereby a verified Bingbot", async () => {
    const v = verifier();
    expect(await v.classify(claim(agent.googlebot), "66.249.66.1")).toBe("verified");
    expect(await v.classify(claim(agent.bingbot), "66.249.66.1")).toBe("unverified");
  });

  it("concurrent hits of one address share one lookup; the cache stays within its bound", async () => {
    const v = verifier({ cacheSize: 3 });
    reverseDns("198.51.100.50", "crawl-198-51-100-50.googlebot.com");
    const results = await Promise.all(Array.from({ length: 20 }, () => v.classify(claim(agent.googlebot), "198.51.100.50")));
    expect(new Set(results)).toEqual(new Set(["verified"]));
    expect(dns.queriesFor(ptrName("198.51.100.50"))).toHaveLength(1);
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]) await v.classify(claim(agent.googlebot), ip);
    // 198.51.100.50 was evicted (oldest of more than 3 entries): asked again.
    await v.classify(claim(agent.googlebot), "198.51.100.50");
    expect(dns.queriesFor(ptrName("198.51.100.50"))).toHaveLength(2);
  });
});

describe("DNS rate limits", () => {
  it("never runs more lookups at once than allowed, and spreads them over time instead of giving up", async () => {
    const real = resolver();
    let active = 0;
    let peak = 0;
    const counting: HostResolver = {
      ...real,
      async reverse(ip) {
        active++;
        peak = Math.max(peak, active);
        try {
          await new Promise((r) => setTimeout(r, 20));
          return await real.reverse(ip);
        } finally {
          active--;
        }
      },
    };
    const v = verifier({ resolver: counting, maxConcurrentLookups: 2, lookupsPerSecond: 4 });
    const ips = Array.from({ length: 6 }, (_, i) => `203.0.113.${100 + i}`);
    const started = Date.now();
    const results = await Promise.all(ips.map((ip) => v.classify(claim(agent.googlebot), ip)));
    expect(results).toEqual(ips.map(() => "unverified"));
    expect(peak).toBeLessThanOrEqual(2);
    // 6 lookups at 4 per second: the last ones wait for the next second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(v.stats().lookups).toBe(6);
  });
});

describe("the resolver's PTR lookups", () => {
  it("answers PTR names for IPv4 and IPv6, [] without a record, and throws on a timeout", async () => {
    dns.set(ptrName("198.51.100.7"), { PTR: ["crawl-198-51-100-7.googlebot.com."] });
    dns.set(ptrName("2001:db8::7"), { PTR: ["host.example.com"] });
    dns.set(ptrName("198.51.100.8"), { drop: true });
    const r = resolver();
    expect(await r.reverse("198.51.100.7")).toEqual(["crawl-198-51-100-7.googlebot.com"]);
    expect(await r.reverse("2001:db8::7")).toEqual(["host.example.com"]);
    expect(await r.reverse("::ffff:198.51.100.7")).toEqual(["crawl-198-51-100-7.googlebot.com"]);
    expect(await r.reverse("198.51.100.9")).toEqual([]);
    await expect(r.reverse("198.51.100.8")).rejects.toMatchObject({ name: "DnsLookupError", code: "ETIMEOUT" });
    await expect(r.reverse("not-an-ip")).rejects.toMatchObject({ name: "DnsLookupError" });
  });
});
