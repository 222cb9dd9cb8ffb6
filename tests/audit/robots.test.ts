// robots.txt before any request: engines blocked (never fetched), our own crawler blocked,
// robots.txt unavailable (4xx) or unreadable (5xx, 429, unreachable).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRobotsCache } from "@/lib/audit/robots-cache";
import { DEFAULT_USER_AGENT } from "@/lib/net/safe-fetch";
import { AuditSite, page } from "./helpers";

let site: AuditSite;
beforeAll(async () => {
  site = await AuditSite.start();
});
afterAll(() => site.close());
afterEach(() => {
  delete process.env.CRAWLER_USER_AGENT;
});

const ROBOTS = [
  "User-agent: Googlebot", //   1
  "Disallow: /no-google", //    2
  "Allow: /shared/open", //     3
  "", //                        4
  "User-agent: Bingbot", //     5
  "Disallow: /no-bing", //      6
  "Disallow: /shared", //       7
  "", //                        8
  "User-agent: IndexWatchBot", // 9
  "Disallow: /no-us", //        10
  "", //                        11
  "User-agent: *", //           12
  "Disallow: /shared", //       13
].join("\n");

function robotsHost(body = ROBOTS) {
  const h = site.host();
  h.set("/robots.txt", { body, contentType: "text/plain" });
  for (const p of ["/no-google/a", "/no-bing", "/shared/x", "/shared/open", "/no-us", "/fine"]) h.set(p, { body: page("") });
  return h;
}

describe("blocked for an engine's crawler: never fetched", () => {
  const cases: [path: string, blockedFor: string[], rule: { line: number; directive: string; value: string }][] = [
    ["/no-google/a", ["engineA"], { line: 2, directive: "disallow", value: "/no-google" }],
    ["/no-bing", ["engineB"], { line: 6, directive: "disallow", value: "/no-bing" }],
    ["/shared/x", ["engineB"], { line: 7, directive: "disallow", value: "/shared" }],
  ];
  it.each(cases)("%s → blocked for %j", async (path, blockedFor, rule) => {
    const h = robotsHost();
    const o = await h.audit(path);
    expect(o).toMatchObject({
      fetched: false, indexability: "blocked_by_robots", healthState: undefined, httpStatus: undefined, redirectHops: undefined,
      redirectTarget: undefined, healthError: undefined, canonicalUrl: undefined, metaRobots: undefined, xRobotsTag: undefined, hops: [],
    });
    expect(o.robots).toEqual({ robotsUrl: h.url("/robots.txt"), status: 200, blockedFor, rule });
    expect(o.detected).toEqual(["blocked_by_robots"]);
    expect(o.evaluated).toEqual(["crawl_blocked", "blocked_by_robots", "has_noindex", "canonical_mismatch"]);
    expect(h.requests()).toEqual(["/robots.txt"]);
  });

  it("both engines blocked by the * group: engine A's rule is shown", async () => {
    const h = robotsHost("User-agent: *\nDisallow: /\nAllow: /fine$\n");
    const o = await h.audit("/shared/open");
    expect(o.robots).toMatchObject({ blockedFor: ["engineA", "engineB"], rule: { line: 2, directive: "disallow", value: "/" } });
    expect((await h.audit("/fine")).fetched).toBe(true);
    expect(h.requests()).toEqual(["/robots.txt", "/fine"]);
  });

  it("an allow rule that wins is fetched, and robots.txt is fetched once for many audits", async () => {
    const h = robotsHost("User-agent: *\nDisallow: /shared\nAllow: /shared/open\n");
    const outcomes = await Promise.all(["/shared/open", "/fine", "/fine", "/shared/x"].map((p) => h.audit(p)));
    expect(outcomes.map((o) => o.fetched)).toEqual([true, true, true, false]);
    expect(h.requests().filter((p) => p === "/robots.txt")).toHaveLength(1);
    expect(h.requests()).not.toContain("/shared/x");
  });
});

describe("blocked for our own crawler only", () => {
  it("is obeyed: not fetched, indexability unknown, engines' findings cleared", async () => {
    const h = robotsHost();
    const o = await h.audit("/no-us");
    expect(o).toMatchObject({ fetched: false, indexability: "unknown", healthState: undefined, healthError: "robots.txt: disallowed for indexwatchbot" });
    expect(o.robots).toMatchObject({ blockedFor: [], rule: null });
    expect(o.detected).toEqual([]);
    expect(o.evaluated).toEqual(["crawl_blocked", "blocked_by_robots"]);
    expect(h.requests()).toEqual(["/robots.txt"]);
  });

  it("follows CRAWLER_USER_AGENT, for the group and the User-Agent header", async () => {
    process.env.CRAWLER_USER_AGENT = "AcmeAudit/3.0 (+https://acme.example/bot)";
    const h = robotsHost("User-agent: AcmeAudit\nDisallow: /no-acme\n");
    h.set("/no-acme", { body: page("") });
    expect(await h.audit("/no-acme", { robots: createRobotsCache({ fetcher: h.fetcher }) })).toMatchObject({ fetched: false, healthError: "robots.txt: disallowed for acmeaudit" });
    expect((await h.audit("/fine")).fetched).toBe(true);
    expect(h.seen().map((r) => r.userAgent)).toEqual(["AcmeAudit/3.0 (+https://acme.example/bot)", "AcmeAudit/3.0 (+https://acme.example/bot)", "AcmeAudit/3.0 (+https://acme.example/bot)"]);
  });

  it("sends the default user agent otherwise", async () => {
    const h = robotsHost();
    await h.audit("/fine");
    expect(h.seen().map((r) => r.userAgent)).toEqual([DEFAULT_USER_AGENT, DEFAULT_USER_AGENT]);
  });
});

describe("robots.txt status", () => {
  it.each([404, 403, 410])("%i: unavailable, everything allowed", async (status) => {
    const h = site.host();
    h.set("/robots.txt", { status, body: "User-agent: *\nDisallow: /" });
    h.set("/p", { body: page("") });
    const o = await h.audit("/p");
    expect(o).toMatchObject({ fetched: true, healthState: "healthy", indexability: "indexable", robots: { status, blockedFor: [], rule: null } });
  });

  it.each([500, 503, 429])("%i: unreadable, nothing fetched, crawl_blocked", async (status) => {
    const h = site.host();
    h.set("/robots.txt", { status, body: "oops" });
    h.set("/p", { body: page("") });
    const o = await h.audit("/p");
    expect(o).toMatchObject({ fetched: false, healthState: undefined, httpStatus: undefined, healthError: `robots.txt: ${status}`, indexability: "unknown" });
    expect(o.robots).toEqual({ robotsUrl: h.url("/robots.txt"), status, blockedFor: ["engineA", "engineB"], rule: null });
    expect(o.detected).toEqual(["crawl_blocked"]);
    expect(o.evaluated).toEqual(["crawl_blocked"]);
    expect(h.requests()).toEqual(["/robots.txt"]);
  });

  it("unreachable (no answer in time): nothing fetched, crawl_blocked", async () => {
    const h = site.host();
    h.set("/robots.txt", { delayMs: 2_000, body: "User-agent: *\nAllow: /" });
    const o = await h.audit("/p", { robots: createRobotsCache({ fetcher: h.fetcher, timeoutMs: 200 }) });
    expect(o).toMatchObject({ fetched: false, healthError: "robots.txt: unreachable (timeout: no complete answer within 200 ms)", robots: { status: "unreachable" } });
    expect(o.detected).toEqual(["crawl_blocked"]);
  });

  it("follows a redirect to the file", async () => {
    const h = site.host();
    h.set("/robots.txt", { redirect: "/robots-live.txt" });
    h.set("/robots-live.txt", { body: "User-agent: *\nDisallow: /secret", contentType: "text/plain" });
    expect(await h.audit("/secret")).toMatchObject({ fetched: false, indexability: "blocked_by_robots", robots: { status: 200, rule: { line: 2 } } });
  });
});
