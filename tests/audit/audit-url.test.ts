// auditUrl against a real local HTTPS site: health, redirects, transport failures and challenges.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ISSUE_TYPES } from "@/lib/audit/types";
import { createSafeFetcher } from "@/lib/net/safe-fetch";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { startExpiredSite } from "./expired-site";
import { allowAllRobots, AuditSite, page } from "./helpers";
import { WAF_FIXTURES } from "./waf-fixtures";

let site: AuditSite;
let dns: FakeDnsServer;
beforeAll(async () => {
  site = await AuditSite.start();
  dns = await startFakeDns();
});
afterAll(async () => {
  await site.close();
  await dns.close();
});

const ALL = [...AUDIT_ISSUE_TYPES];
const TRANSIENT = ALL.filter((t) => t !== "has_noindex" && t !== "canonical_mismatch");

describe("auditUrl: status classes", () => {
  const cases: [status: number, health: string, detected: string[], error: string | null, evaluated: string[]][] = [
    [200, "healthy", [], null, ALL],
    [204, "healthy", [], null, ALL],
    [400, "client_error", ["broken_link"], "http: 400 Bad Request", ALL],
    [401, "client_error", ["crawl_blocked"], "http: 401 Unauthorized", TRANSIENT],
    [403, "client_error", ["crawl_blocked"], "http: 403 Forbidden", TRANSIENT],
    [404, "client_error", ["broken_link"], "http: 404 Not Found", ALL],
    [410, "client_error", ["broken_link"], "http: 410 Gone", ALL],
    [429, "client_error", ["crawl_blocked"], "http: 429 Too Many Requests", TRANSIENT],
    [451, "client_error", ["broken_link"], "http: 451 Unavailable For Legal Reasons", ALL],
    [500, "server_error", ["server_error"], "http: 500 Internal Server Error", TRANSIENT],
    [502, "server_error", ["server_error"], "http: 502 Bad Gateway", TRANSIENT],
    [503, "server_error", ["server_error"], "http: 503 Service Unavailable", TRANSIENT],
  ];
  it.each(cases)("%i → %s %j", async (status, health, detected, error, evaluated) => {
    const h = site.host();
    h.set("/p", { status, body: status === 204 ? "" : page("") });
    const o = await h.audit("/p");
    expect(o).toMatchObject({ fetched: true, healthState: health, httpStatus: status, redirectHops: 0, redirectTarget: null, healthError: error, wafVendor: null });
    expect(o.detected).toEqual(detected);
    expect(o.evaluated).toEqual(evaluated);
    expect(o.indexability).toBe(status < 300 ? "indexable" : "unknown");
    expect(o.robots).toMatchObject({ robotsUrl: `https://${h.host}/robots.txt`, status: 200, blockedFor: [], rule: null });
  });
});

describe("auditUrl: redirects", () => {
  const chain = (h: ReturnType<AuditSite["host"]>, n: number, final: { status?: number } = {}) => {
    for (let i = 0; i < n; i++) h.set(`/r${i}`, { redirect: `/r${i + 1}`, status: [301, 302, 307, 308][i % 4] });
    h.set(`/r${n}`, { status: final.status ?? 200, body: page("") });
    return h.audit("/r0");
  };
  it.each([
    [1, []],
    [2, ["redirect_chain"]],
    [5, ["redirect_chain"]],
    [10, ["redirect_chain"]],
  ])("%i hop(s) → redirected, detected %j", async (n, detected) => {
    const h = site.host();
    const o = await chain(h, n);
    expect(o).toMatchObject({ healthState: "redirected", httpStatus: 200, redirectHops: n, redirectTarget: h.url(`/r${n}`), healthError: null, indexability: "indexable" });
    expect(o.hops).toHaveLength(n);
    expect(o.hops[0]).toEqual({ url: h.url("/r0"), status: 301 });
    expect(o.detected).toEqual(detected);
    expect(o.evaluated).toEqual(ALL);
  });

  it("11 hops → redirect: more than 10 hops", async () => {
    const o = await chain(site.host(), 11);
    expect(o).toMatchObject({ healthState: "client_error", httpStatus: null, redirectHops: 11, redirectTarget: null, healthError: "redirect: more than 10 hops", indexability: "unknown" });
    expect(o.detected).toEqual(["redirect_chain"]);
    expect(o.evaluated).toEqual(ALL);
  });

  it("a loop → redirect_loop", async () => {
    const h = site.host();
    h.set("/a", { redirect: "/b" });
    h.set("/b", { redirect: "/a", status: 302 });
    const o = await h.audit("/a");
    expect(o).toMatchObject({ healthState: "client_error", httpStatus: null, redirectHops: 2, healthError: `redirect: loop at ${h.url("/a")}` });
    expect(o.detected).toEqual(["redirect_loop"]);
  });

  it("a redirect to a 404 is a broken link, not a redirected page", async () => {
    const h = site.host();
    h.set("/old", { redirect: "/gone" });
    const o = await h.audit("/old");
    expect(o).toMatchObject({ healthState: "client_error", httpStatus: 404, redirectHops: 1, redirectTarget: h.url("/gone") });
    expect(o.detected).toEqual(["broken_link"]);
  });

  it("a redirect to another host is followed", async () => {
    const [h, other] = [site.host(), site.host()];
    h.set("/x", { redirect: other.url("/y") });
    other.set("/y", { body: page("") });
    const fetcher = createSafeFetcher({ connectTo: site.site.connectTo([h.host, other.host]), tlsCa: site.site.ca });
    expect(await h.audit("/x", { fetcher })).toMatchObject({ healthState: "redirected", redirectTarget: other.url("/y"), redirectHops: 1, indexability: "indexable" });
  });
});

describe("auditUrl: transport failures never throw", () => {
  it("a deadline → timeout", async () => {
    const h = site.host();
    h.set("/slow", { delayMs: 2_000, body: page("") });
    const started = Date.now();
    const o = await h.audit("/slow", { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(o).toMatchObject({ fetched: true, healthState: "timeout", httpStatus: null, healthError: "timeout: no complete answer within 300 ms", indexability: "unknown" });
    expect(o.detected).toEqual(["server_error"]);
    expect(o.evaluated).toEqual(TRANSIENT);
  });

  it("a head that stalls after the status line → timeout, nothing decided about indexing", async () => {
    const h = site.host();
    site.site.route("/stall-head", { body: `<html><head>${" ".repeat(20_000)}`, stallBody: true });
    const o = await h.audit("/stall-head", { timeoutMs: 400 });
    expect(o).toMatchObject({ healthState: "timeout", httpStatus: 200, metaRobots: undefined, canonicalUrl: undefined });
    expect(o.evaluated).toEqual(TRANSIENT);
  });

  it("NXDOMAIN and SERVFAIL → server_error with the DNS answer", async () => {
    dns.set("servfail.example", { rcode: "SERVFAIL" });
    const h = site.host("dns", { dnsServers: dns.server, dnsTimeoutMs: 300 });
    for (const [host, error] of [["nxdomain.example", "dns: NXDOMAIN"], ["servfail.example", "dns: SERVFAIL"]]) {
      const o = await h.audit(`https://${host}/page`, { robots: allowAllRobots });
      expect(o).toMatchObject({ fetched: true, healthState: "server_error", httpStatus: null, redirectHops: 0, healthError: error, indexability: "unknown" });
      expect(o.detected).toEqual(["server_error"]);
      expect(o.evaluated).toEqual(TRANSIENT);
    }
  });

  it("an unmapped .invalid host fails resolution (here at robots.txt already)", async () => {
    const o = await site.host().audit("https://nothing-here.invalid/");
    expect(o).toMatchObject({ fetched: false, healthState: undefined, healthError: "robots.txt: unreachable (dns: NXDOMAIN)" });
    expect(o.detected).toEqual(["crawl_blocked"]);
  });

  it("a refused connection, an expired or untrusted certificate, the SSRF guard", async () => {
    const expired = await startExpiredSite("expired.audit.test");
    try {
      const h = site.host("conn", { connectTo: `refused.example:443:127.0.0.1:9,expired.audit.test:443:127.0.0.1:${expired.port}`, tlsCa: expired.cert });
      const audit = (url: string) => h.audit(url, { robots: allowAllRobots });
      expect(await audit("https://refused.example/")).toMatchObject({ healthState: "server_error", healthError: "connection: ECONNREFUSED", detected: ["server_error"] });
      expect(await audit("https://expired.audit.test/")).toMatchObject({ healthState: "server_error", healthError: "tls: certificate has expired", detected: ["server_error"] });
      expect(await audit("https://127.0.0.1/")).toMatchObject({ healthState: "server_error", healthError: "blocked: 127.0.0.1: loopback IPv4 address", detected: ["server_error"] });
      const untrusted = site.host("tls", { tlsCa: [] });
      const o = await untrusted.audit("/", { robots: allowAllRobots });
      expect(o).toMatchObject({ healthState: "server_error", detected: ["server_error"] });
      expect(o.healthError).toMatch(/^tls: .*certificate/);
    } finally {
      await expired.close();
    }
  });

  it("URLs that are never fetched: userinfo, another port, another scheme", async () => {
    const h = site.host();
    for (const url of [`https://user:pw@${h.host}/`, `https://${h.host}:8443/`, "ftp://example.com/", "not a url"]) {
      const o = await h.audit(url);
      expect(o).toMatchObject({ fetched: false, healthState: "unknown", indexability: "unknown", evaluated: [], detected: [] });
      expect(o.healthError).toMatch(/^invalid_url: /);
    }
    expect(h.requests()).toEqual([]);
  });
});

describe("auditUrl: WAF and bot challenges are never broken", () => {
  it.each(WAF_FIXTURES.filter((f) => f.vendor).map((f) => [f.name, f] as const))("%s", async (_name, f) => {
    const h = site.host();
    const { "content-type": contentType, ...headers } = f.headers;
    const cookies = headers["set-cookie"]?.split("\n");
    h.set("/guarded", { status: f.status, body: f.body, contentType: contentType ?? null, headers: { ...headers, ...(cookies ? { "set-cookie": cookies } : {}) } });
    const o = await h.audit("/guarded");
    expect(o).toMatchObject({ fetched: true, healthState: undefined, httpStatus: f.status, healthError: `waf_challenge: ${f.vendor}`, wafVendor: f.vendor, indexability: "unknown" });
    expect(o.detected).toEqual(["waf_challenge_detected"]);
    expect(o.evaluated).toEqual(["redirect_chain", "redirect_loop", "waf_challenge_detected", "blocked_by_robots"]);
    expect(o.canonicalUrl).toBeUndefined();
    expect(o.metaRobots).toBeUndefined();
  });
});
