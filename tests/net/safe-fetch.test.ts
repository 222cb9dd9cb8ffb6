import net from "node:net";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_USER_AGENT, createSafeFetcher, type SafeFetchResult, type SafeFetcher } from "@/lib/net/safe-fetch";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { startTestSite, type TestSite } from "../fakes/test-site";

let site: TestSite;
let untrusted: TestSite;
let dns: FakeDnsServer;
let silent: net.Server;
const silentSockets = new Set<net.Socket>();
let fetcher: SafeFetcher;

function kind(result: SafeFetchResult) {
  return result.ok ? `ok ${result.status}` : result.error.kind;
}

beforeAll(async () => {
  [site, untrusted, dns] = await Promise.all([
    startTestSite(),
    startTestSite({ hostnames: ["bad.test"], certificate: "untrusted" }),
    startFakeDns(),
  ]);
  // Accepts TCP and never speaks: a TLS handshake to it can only time out.
  silent = net.createServer((socket) => {
    silentSockets.add(socket.on("error", () => {}));
    socket.once("close", () => silentSockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const silentPort = (silent.address() as net.AddressInfo).port;
  const connectTo = [
    site.connectTo(["site.test", "www.site.test", "other.test"]),
    untrusted.connectTo(["bad.test"]),
    `silent.test:443:127.0.0.1:${silentPort}`,
    `closed.test:80:127.0.0.1:1`,
  ].join(",");
  fetcher = createSafeFetcher({ connectTo, dnsServers: [dns.server], tlsCa: site.ca });
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await Promise.all([site.close(), untrusted.close(), dns.close(), new Promise<void>((resolve) => silent.close(() => resolve()))]);
});
beforeEach(() => {
  site.reset();
  dns.clear();
});

describe("safeFetch: a mapped site", () => {
  it("fetches over HTTPS with the original host for SNI, certificate and Host header", async () => {
    site.route("/page", { body: "<html>ok</html>", headers: { "content-type": "text/html", "x-multi": ["a", "b"] } });
    const result = await fetcher.fetch("https://site.test/page#frag");
    expect(result).toMatchObject({ ok: true, status: 200, finalUrl: "https://site.test/page", hops: [] });
    if (!result.ok) return;
    expect(result.body.toString()).toBe("<html>ok</html>");
    expect(result.headers["content-type"]).toBe("text/html");
    expect(result.headers["x-multi"]).toBe("a, b");
    expect(result.timing.totalMs).toBeGreaterThanOrEqual(0);
    expect(site.requests[0]).toMatchObject({ host: "site.test", servername: "site.test", secure: true, userAgent: DEFAULT_USER_AGENT });
    expect(site.requests[0].acceptEncoding).toBe("gzip, deflate, br");
  });

  it("sends the per-call User-Agent and keeps non-2xx answers as results", async () => {
    site.route("/gone", { status: 404, body: "nope" });
    const result = await fetcher.fetch("http://site.test/gone", { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(kind(result)).toBe("ok 404");
    expect(site.requests[0].userAgent).toBe("Googlebot/2.1 (+http://www.google.com/bot.html)");
  });

  it("answers HEAD without a body", async () => {
    site.route("/head", { body: "ignored", encoding: "gzip" });
    const result = await fetcher.fetch("https://site.test/head", { method: "HEAD" });
    expect(result.ok && result.body.length).toBe(0);
    expect(site.requests[0].method).toBe("HEAD");
  });

  it("streams a 304 as an ended empty body, and the fetcher goes on", async () => {
    site.route("/cond", (req, res) => {
      if (req.headers["if-none-match"] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      res.writeHead(200, { etag: '"v1"', "content-type": "text/plain" }).end("body");
    });
    const first = await fetcher.stream("https://site.test/cond", { headers: { "if-none-match": '"v1"' } });
    expect(first).toMatchObject({ ok: true, status: 304 });
    if (!first.ok) return;
    const chunks: unknown[] = [];
    for await (const c of first.body) chunks.push(c);
    expect(chunks).toEqual([]);
    const second = await fetcher.fetch("https://site.test/cond");
    expect(second.ok && second.body.toString()).toBe("body");

  });

  it("POSTs a body with its length, and keeps a redirect as the answer instead of following it", async () => {
    let received = "";
    site.route("/hook", (req, res) => {
      req.setEncoding("utf8");
      req.on("data", (c: string) => (received += c));
      req.on("end", () => res.writeHead(302, { location: "/elsewhere" }).end());
    });
    const result = await fetcher.fetch("https://site.test/hook", { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
    expect(kind(result)).toBe("ok 302");
    expect(received).toBe('{"a":1}');
    expect(site.requests.map((r) => [r.method, r.path, r.headers["content-length"]])).toEqual([["POST", "/hook", "7"]]);
  });
});

describe("safeFetch: TLS session resumption", () => {
  // Each answer closes its connection, as a host visited every few minutes has no connection left to reuse.
  function routeReporting(): boolean[] {
    const reused: boolean[] = [];
    site.route("/robots.txt", (req, res) => {
      reused.push((req.socket as TLSSocket).isSessionReused());
      res.writeHead(200, { "content-type": "text/plain", connection: "close" }).end("User-agent: *\n");
    });
    return reused;
  }

  it("resumes the host's last session on a new connection, so the certificate chain is not checked again", async () => {
    const reused = routeReporting();
    const f = createSafeFetcher({ connectTo: site.connectTo(["site.test", "www.site.test", "other.test"]), tlsCa: site.ca });
    for (const url of ["https://site.test/robots.txt", "https://site.test/robots.txt", "https://www.site.test/robots.txt", "https://site.test/robots.txt"]) {
      expect(kind(await f.fetch(url))).toBe("ok 200");
    }
    // www.site.test is another host: its first connection has no session of its own to offer.
    expect(reused).toEqual([false, true, false, true]);
    // The same server under a name its certificate does not cover: site.test's session is never offered for it, so the
    // name is checked and refused.
    expect(kind(await f.fetch("https://other.test/robots.txt"))).toBe("tls");
    expect(f.tlsStats).toEqual({ resumed: 2, full: 2 });
    expect(reused).toHaveLength(4);
  });

  it("keeps no session with tlsSessions 0, and never resumes past a failed handshake", async () => {
    const reused = routeReporting();
    const f = createSafeFetcher({ connectTo: site.connectTo(["site.test"]), tlsCa: site.ca, tlsSessions: 0 });
    for (let i = 0; i < 2; i++) expect(kind(await f.fetch("https://site.test/robots.txt"))).toBe("ok 200");
    expect(reused).toEqual([false, false]);
    // A host whose certificate fails is refused on every attempt: nothing was kept to skip the checks with.
    for (let i = 0; i < 2; i++) expect(kind(await fetcher.fetch("https://bad.test/"))).toBe("tls");
  });
});

describe("safeFetch: redirects", () => {
  it("follows a chain by hand, resolving relative locations and recording hops", async () => {
    site.route("/a", { redirect: "https://site.test/b", status: 301 });
    site.route("/b", { redirect: "c?x=1", status: 302 });
    site.route("/c", { redirect: "//www.site.test/final", status: 307 });
    site.route("/final", { body: "done" });
    const result = await fetcher.fetch("http://site.test/a");
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: "https://www.site.test/final",
      hops: [
        { url: "http://site.test/a", status: 301 },
        { url: "https://site.test/b", status: 302 },
        { url: "https://site.test/c?x=1", status: 307 },
      ],
    });
    expect(site.requests.map((r) => r.host)).toEqual(["site.test", "site.test", "site.test", "www.site.test"]);
  });

  it("sends caller headers, but credentials only to the original origin", async () => {
    site.route("/start", { redirect: "/same" });
    site.route("/same", { redirect: "https://www.site.test/other" });
    site.route("/other", { body: "ok" });
    const headers = { authorization: "Bearer secret", "if-none-match": '"v1"', host: "evil.test" };
    expect(kind(await fetcher.fetch("https://site.test/start", { headers }))).toBe("ok 200");
    const [start, same, other] = site.requests.map((r) => r.headers);
    expect([start.authorization, same.authorization, other.authorization]).toEqual(["Bearer secret", "Bearer secret", undefined]);
    expect(other["if-none-match"]).toBe('"v1"');
    expect(site.requests.map((r) => r.host)).toEqual(["site.test", "site.test", "www.site.test"]);
  });

  it("detects a loop", async () => {
    site.route("/loop1", { redirect: "/loop2" });
    site.route("/loop2", { redirect: "/loop1" });
    const result = await fetcher.fetch("https://site.test/loop1");
    expect(kind(result)).toBe("redirect_loop");
    expect(!result.ok && result.error.hops).toHaveLength(2);
  });

  it("stops after 10 redirects, or maxRedirects", async () => {
    site.route("/n", (req, res) => {
      const n = Number(new URL(req.url!, "http://x").searchParams.get("i"));
      res.writeHead(302, { location: `/n?i=${n + 1}` }).end();
    });
    const result = await fetcher.fetch("https://site.test/n?i=0");
    expect(kind(result)).toBe("too_many_redirects");
    expect(!result.ok && result.error.hops).toHaveLength(11);
    expect(site.requests).toHaveLength(11);
    const short = await fetcher.fetch("https://site.test/n?i=0", { maxRedirects: 2 });
    expect(!short.ok && short.error.hops.map((h) => h.url)).toEqual(["https://site.test/n?i=0", "https://site.test/n?i=1", "https://site.test/n?i=2"]);
  });

  it("keeps a redirect without Location as the answer", async () => {
    site.route("/nolocation", { status: 302, body: "moved?" });
    expect(kind(await fetcher.fetch("https://site.test/nolocation"))).toBe("ok 302");
  });

  it("refuses an unparsable Location", async () => {
    site.route("/badloc", { redirect: "http://[not-an-ip/" });
    expect(kind(await fetcher.fetch("https://site.test/badloc"))).toBe("invalid_url");
  });
});

describe("safeFetch: userinfo and ports (DESIGN.md: ports 80 and 443 only, never a URL with userinfo)", () => {
  const PORT_8443 = "site.test: port 8443 is not allowed; customer sites are fetched on ports 80 and 443 only";

  it.each([
    ["user and password", "https://user:pass@site.test/sitemap.xml", "https://site.test/sitemap.xml"],
    ["a user name only", "http://user@site.test/", "http://site.test/"],
    ["a host-looking user name", "http://site.test@127.0.0.1/", "http://127.0.0.1/"],
  ])("refuses a URL with %s as blocked, without a request, and without the credentials in the error", async (_n, url, shown) => {
    site.route("/sitemap.xml", { body: "<urlset/>" });
    const result = await fetcher.fetch(url);
    expect(!result.ok && result.error).toEqual({ kind: "blocked", message: "URLs with a user name or password (userinfo) are never fetched", url: shown, hops: [] });
    expect(site.requests).toHaveLength(0);
  });

  it("refuses a redirect hop whose Location has userinfo", async () => {
    site.route("/to-creds", { redirect: "https://admin:secret@site.test/final" });
    site.route("/final", { body: "never" });
    const result = await fetcher.fetch("https://site.test/to-creds");
    expect(!result.ok && result.error).toMatchObject({ kind: "blocked", url: "https://site.test/final", hops: [{ url: "https://site.test/to-creds", status: 302 }] });
    expect(!result.ok && result.error.message).toMatch(/userinfo/);
    expect(site.requests.map((r) => r.path)).toEqual(["/to-creds"]);
  });

  it.each(["https://site.test:8443/", "http://site.test:8443/page", "https://site.test:8443@site.test:8443/"])("refuses the first URL %s on a port other than 80/443", async (url) => {
    const result = await fetcher.fetch(url);
    expect(!result.ok && result.error.kind).toBe("blocked");
    if (!url.includes("@")) expect(!result.ok && result.error.message).toBe(PORT_8443);
    expect(site.requests).toHaveLength(0);
    expect(dns.queriesFor("site.test")).toHaveLength(0);
  });

  it("refuses a redirect hop to another port, and accepts 80 and 443 written out", async () => {
    site.route("/to-port", { redirect: "https://site.test:8443/final" });
    site.route("/explicit", { redirect: "http://site.test:443/final" });
    site.route("/final", { body: "done" });
    const result = await fetcher.fetch("https://site.test/to-port");
    expect(!result.ok && result.error).toMatchObject({ kind: "blocked", message: PORT_8443, hops: [{ url: "https://site.test/to-port", status: 302 }] });
    expect(site.requests).toHaveLength(1);
    expect(kind(await fetcher.fetch("https://site.test:443/final"))).toBe("ok 200");
    expect(kind(await fetcher.fetch("http://site.test:80/final"))).toBe("ok 200");
  });

  it("reaches another port when a CONNECT_TO entry names it explicitly (first URL and redirect hop)", async () => {
    const mapped = createSafeFetcher({ connectTo: `${site.connectTo()},site.test:8080:127.0.0.1:${site.httpPort},:9443:127.0.0.1:${site.httpsPort}`, tlsCa: site.ca });
    site.route("/page", { body: "on 8080" });
    site.route("/hop", { redirect: "https://www.site.test:9443/page" });
    const direct = await mapped.fetch("http://site.test:8080/page");
    expect(direct.ok && direct.body.toString()).toBe("on 8080");
    expect(site.requests[0]).toMatchObject({ host: "site.test:8080", secure: false });
    const hop = await mapped.fetch("https://site.test/hop");
    expect(hop).toMatchObject({ ok: true, status: 200, finalUrl: "https://www.site.test:9443/page" });
    expect(site.requests[2]).toMatchObject({ host: "www.site.test:9443", servername: "www.site.test", secure: true });
    // Another unmapped port of the same host is still refused.
    expect(kind(await mapped.fetch("http://site.test:8081/page"))).toBe("blocked");
  });

  it("does not let a CONNECT_TO entry with an empty PORT open other ports", async () => {
    const any = createSafeFetcher({ connectTo: `site.test::127.0.0.1:${site.httpPort}`, tlsCa: site.ca });
    site.route("/page", { body: "ok" });
    expect(kind(await any.fetch("http://site.test/page"))).toBe("ok 200");
    const result = await any.fetch("http://site.test:8080/page");
    expect(!result.ok && result.error.message).toBe("site.test: port 8080 is not allowed; customer sites are fetched on ports 80 and 443 only");
    expect(site.requests).toHaveLength(1);
  });
});

describe("safeFetch: failures are typed results", () => {
  it.each(["not a url", "/relative", "ftp://site.test/", "javascript:alert(1)", "http://"])("invalid_url for %j", async (url) => {
    expect(kind(await fetcher.fetch(url))).toBe("invalid_url");
  });

  it("dns for NXDOMAIN, SERVFAIL and resolver timeouts", async () => {
    dns.set("servfail.test", { rcode: "SERVFAIL" });
    dns.set("silent-dns.test", { drop: true });
    const quick = createSafeFetcher({ dnsServers: dns.server, dnsTimeoutMs: 200 });
    for (const host of ["missing.test", "servfail.test", "silent-dns.test"]) {
      const result = await quick.fetch(`http://${host}/`);
      expect(kind(result)).toBe("dns");
      expect(!result.ok && result.error.message).toContain(host);
    }
  });

  it("connection when the target refuses", async () => {
    expect(kind(await fetcher.fetch("http://closed.test/"))).toBe("connection");
  });

  it("tls for an untrusted certificate, a name mismatch and an unknown CA", async () => {
    expect(kind(await fetcher.fetch("https://bad.test/"))).toBe("tls");
    expect(kind(await fetcher.fetch("https://other.test/"))).toBe("tls");
    const noCa = createSafeFetcher({ connectTo: site.connectTo() });
    expect(kind(await noCa.fetch("https://site.test/"))).toBe("tls");
    expect(untrusted.requests).toHaveLength(0);
  });

  it("timeout for a slow answer, a stalled body and a stuck handshake", async () => {
    site.route("/slow", { delayMs: 3_000, body: "late" });
    site.route("/stall", { body: "x".repeat(10_000), stallBody: true });
    let started = Date.now();
    expect(kind(await fetcher.fetch("https://site.test/slow", { totalTimeoutMs: 300 }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(kind(await fetcher.fetch("https://site.test/stall", { totalTimeoutMs: 300 }))).toBe("timeout");
    started = Date.now();
    expect(kind(await fetcher.fetch("https://silent.test/", { connectTimeoutMs: 200 }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("timeout when the caller aborts", async () => {
    site.route("/slow", { delayMs: 3_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await fetcher.fetch("https://site.test/slow", { signal: controller.signal });
    expect(!result.ok && result.error).toMatchObject({ kind: "timeout", message: "aborted by the caller" });
  });
});

describe("safeFetch: per-host concurrency", () => {
  it("keeps at most 4 requests in flight per host", async () => {
    site.route("/busy", { delayMs: 400, body: "ok" });
    const results = await Promise.all(Array.from({ length: 12 }, () => fetcher.fetch("https://site.test/busy")));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(site.stats.maxInFlight).toBe(4);
  });

  it("bounds each host separately, with a configurable limit", async () => {
    site.route("/busy", { delayMs: 400, body: "ok" });
    const two = createSafeFetcher({ connectTo: site.connectTo(), tlsCa: site.ca, maxPerHost: 2 });
    const urls = Array.from({ length: 12 }, (_, i) => (i % 2 ? "https://site.test/busy" : "https://www.site.test/busy"));
    const results = await Promise.all(urls.map((url) => two.fetch(url)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(site.stats.maxInFlightByHost).toEqual({ "site.test": 2, "www.site.test": 2 });
    expect(site.stats.maxInFlight).toBeGreaterThan(2);
  });
});

describe("safeFetch: the default instance", () => {
  it("reads CONNECT_TO and DNS_SERVERS from the environment", async () => {
    process.env.CONNECT_TO = site.connectTo();
    process.env.DNS_SERVERS = dns.server;
    const { safeFetch } = await import("@/lib/net/safe-fetch");
    site.route("/env", { body: "from env" });
    const result = await safeFetch("http://site.test/env");
    expect(result.ok && result.body.toString()).toBe("from env");
    dns.set("env-private.test", { A: ["10.1.2.3"] });
    expect(kind(await safeFetch("http://env-private.test/"))).toBe("blocked");
    expect(dns.queriesFor("env-private.test", "A")).toHaveLength(1);
  });
});
