// Hostile URLs, DNS answers and redirects: every one is refused as `blocked`, and the canary that
// they point at (127.0.0.1 / ::1 on its port) never sees a connection.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { startCanary, type Canary } from "../fakes/canary";
import { startFakeDns, type DnsAnswer, type FakeDnsServer } from "../fakes/dns-server";
import { startTestSite, type TestSite } from "../fakes/test-site";

let canary: Canary;
let dns: FakeDnsServer;
let site: TestSite;
let fetcher: SafeFetcher;

const HOSTILE_DNS: Record<string, DnsAnswer> = {
  "a-loopback.test": { A: ["127.0.0.1"] },
  "a-loopback-other.test": { A: ["127.9.9.9"] },
  "a-private.test": { A: ["10.0.0.1"] },
  "a-private-192.test": { A: ["192.168.1.10"] },
  "a-metadata.test": { A: ["169.254.169.254"] },
  "a-cgnat.test": { A: ["100.64.0.1"] },
  "a-zero.test": { A: ["0.0.0.0"] },
  "a-benchmark.test": { A: ["198.18.0.1"] },
  "a-multicast.test": { A: ["224.0.0.251"] },
  "aaaa-loopback.test": { AAAA: ["::1"] },
  "aaaa-linklocal.test": { AAAA: ["fe80::1"] },
  "aaaa-mapped.test": { AAAA: ["::ffff:7f00:1"] },
  "aaaa-ula.test": { AAAA: ["fc00::1"] },
  "aaaa-nat64.test": { AAAA: ["64:ff9b::7f00:1"] },
  "aaaa-6to4.test": { AAAA: ["2002:a00:1::1"] },
  "mixed.test": { A: ["93.184.216.34", "127.0.0.1"] },
  "mixed-family.test": { A: ["93.184.216.34"], AAAA: ["::1"] },
  "cname.test": { CNAME: "a-loopback.test" },
  "site.test": { A: ["127.0.0.1"] }, // only the CONNECT_TO-mapped ports may reach it
};

type Case = [name: string, url: (port: number) => string, redirects?: number];

const LITERALS: Case[] = [
  ["loopback", (p) => `http://127.0.0.1:${p}/`],
  ["loopback over https", (p) => `https://127.0.0.1:${p}/`],
  ["loopback with credentials", (p) => `http://user:pass@127.0.0.1:${p}/`],
  ["localhost", (p) => `http://localhost:${p}/`],
  ["LOCALHOST. with a trailing dot", (p) => `http://LOCALHOST.:${p}/`],
  ["a .localhost subdomain", (p) => `http://api.localhost:${p}/`],
  ["decimal 2130706433", (p) => `http://2130706433:${p}/`],
  ["octal 0177.0.0.1", (p) => `http://0177.0.0.1:${p}/`],
  ["hex 0x7f.1", (p) => `http://0x7f.1:${p}/`],
  ["hex 0x7f000001", (p) => `http://0x7f000001:${p}/`],
  ["short 127.1", (p) => `http://127.1:${p}/`],
  ["short 127.0.1", (p) => `http://127.0.1:${p}/`],
  ["trailing dot 127.0.0.1.", (p) => `http://127.0.0.1.:${p}/`],
  ["fullwidth digits", (p) => `http://１２７.０.０.１:${p}/`],
  ["0", (p) => `http://0:${p}/`],
  ["0.0.0.0", (p) => `http://0.0.0.0:${p}/`],
  ["[::1]", (p) => `http://[::1]:${p}/`],
  ["[::]", (p) => `http://[::]:${p}/`],
  ["[::ffff:127.0.0.1]", (p) => `http://[::ffff:127.0.0.1]:${p}/`],
  ["[0:0:0:0:0:ffff:7f00:1]", (p) => `http://[0:0:0:0:0:ffff:7f00:1]:${p}/`],
  ["IPv4-compatible [::127.0.0.1]", (p) => `http://[::127.0.0.1]:${p}/`],
  ["NAT64 [64:ff9b::7f00:1]", (p) => `http://[64:ff9b::7f00:1]:${p}/`],
  ["6to4 [2002:7f00:1::]", (p) => `http://[2002:7f00:1::]:${p}/`],
  ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/"],
  ["cloud metadata over IPv6", () => "http://[fd00:ec2::254]/latest/meta-data/"],
  ["private 10/8", (p) => `http://10.0.0.1:${p}/`],
  ["private 172.16/12", () => "http://172.16.0.1/"],
  ["private 192.168/16", () => "http://192.168.0.1/"],
  ["CGNAT", () => "http://100.64.0.1/"],
  ["link-local IPv6", () => "http://[fe80::1]/"],
  ["unique-local IPv6", () => "http://[fc00::1]/"],
  ["multicast", () => "http://224.0.0.1/"],
  ["broadcast", () => "http://255.255.255.255/"],
  ["benchmarking 198.18/15", () => "http://198.18.0.1/"],
  ["documentation IPv6", () => "http://[2001:db8::1]/"],
  ["reserved 240/4", () => "http://240.0.0.1/"],
];

const DNS_CASES: Case[] = Object.keys(HOSTILE_DNS)
  .filter((name) => name !== "site.test")
  .map((name): Case => [`${name} (${JSON.stringify(HOSTILE_DNS[name])})`, (p) => `http://${name}:${p}/`]);

const REDIRECTS: Case[] = [
  ["redirect to cloud metadata", () => "http://site.test/to?l=http://169.254.169.254/latest/meta-data", 1],
  ["https redirect to cloud metadata", () => "https://site.test/to?l=http://169.254.169.254/latest/meta-data", 1],
  ["redirect to localhost", (p) => `http://site.test/to?l=http://localhost:${p}/`, 1],
  ["redirect to a decimal IP", (p) => `http://site.test/to?l=http://2130706433:${p}/`, 1],
  ["redirect to IPv4-mapped IPv6", (p) => `http://site.test/to?l=http://[::ffff:127.0.0.1]:${p}/`, 1],
  ["redirect to a name resolving to loopback", (p) => `http://site.test/to?l=http://a-loopback.test:${p}/`, 1],
  ["redirect to a CNAME of a loopback name", (p) => `https://site.test/to?l=http://cname.test:${p}/x`, 1],
  ["redirect to an unmapped port of the mapped host", (p) => `http://site.test/to?l=http://site.test:${p}/`, 1],
  ["protocol-relative redirect to loopback", (p) => `http://site.test/to?l=//127.0.0.1:${p}/`, 1],
  ["redirect to file:", () => "http://site.test/to?l=file:///etc/passwd", 1],
  ["two hops then metadata", () => "http://site.test/chain", 2],
];

// Cases that only the port rule refuses (site.test on ports 80 and 443 is the mapped test site).
const PORT_ONLY = new Set(["redirect to an unmapped port of the mapped host"]);

beforeAll(async () => {
  [canary, dns, site] = await Promise.all([startCanary(), startFakeDns(), startTestSite()]);
  fetcher = createSafeFetcher({ connectTo: site.connectTo(), dnsServers: [dns.server], dnsTimeoutMs: 500, tlsCa: site.ca });
});
afterAll(async () => {
  await Promise.all([canary.close(), dns.close(), site.close()]);
});
beforeEach(() => {
  canary.reset();
  dns.clear();
  site.reset();
  for (const [name, answer] of Object.entries(HOSTILE_DNS)) dns.set(name, answer);
  site.route("/to", (req, res) => {
    const location = new URL(req.url ?? "/", "http://x").searchParams.get("l") ?? "/";
    res.writeHead(302, { location }).end();
  });
  site.route("/chain", { redirect: "/chain2", status: 301 });
  site.route("/chain2", { redirect: "http://169.254.169.254/latest/meta-data/iam/", status: 307 });
});

describe("SSRF guard", () => {
  it("has at least 40 hostile cases", () => {
    expect(LITERALS.length + DNS_CASES.length + REDIRECTS.length).toBeGreaterThanOrEqual(40);
  });

  it.each([...LITERALS, ...DNS_CASES, ...REDIRECTS])("blocks %s", async (_name, url, redirects = 0) => {
    const result = await fetcher.fetch(url(canary.port), { connectTimeoutMs: 1_000, totalTimeoutMs: 5_000 });
    expect(result.ok ? result : result.error.kind).toBe("blocked");
    if (!result.ok) expect(result.error.hops).toHaveLength(redirects);
    expect(canary.connections).toBe(0);
  });

  // The canary's port is refused by the port rule alone (80 and 443 only): on port 80 the same
  // hosts must be refused by their address, after DNS where there is a name.
  it.each([...LITERALS, ...DNS_CASES, ...REDIRECTS].filter(([name]) => !PORT_ONLY.has(name)))("blocks %s on port 80 by its address", async (_name, url, redirects = 0) => {
    const result = await fetcher.fetch(url(80), { connectTimeoutMs: 1_000, totalTimeoutMs: 5_000 });
    expect(result.ok ? result : result.error.kind).toBe("blocked");
    if (!result.ok) {
      expect(result.error.hops).toHaveLength(redirects);
      expect(result.error.message).not.toMatch(/port \d+ is not allowed/);
    }
  });

  it("checks DNS answers at connect time and reaches the mapped site only through CONNECT_TO", async () => {
    site.route("/", { body: "mapped" });
    const mapped = await fetcher.fetch("http://site.test/");
    expect(mapped.ok && mapped.body.toString()).toBe("mapped");
    expect(dns.queriesFor("site.test")).toHaveLength(0);
    // Another port of the mapped host is not mapped, and not 80/443: refused before any DNS.
    const unmapped = await fetcher.fetch(`http://site.test:${site.httpPort}/`);
    expect(!unmapped.ok && unmapped.error).toMatchObject({ kind: "blocked", message: `site.test: port ${site.httpPort} is not allowed; customer sites are fetched on ports 80 and 443 only` });
    expect(dns.queriesFor("site.test")).toHaveLength(0);
    // On an allowed port, an unmapped name is resolved at connect time and its loopback answer refused.
    dns.set("site-alias.test", { A: ["127.0.0.1"] });
    const alias = await fetcher.fetch("http://site-alias.test/");
    expect(!alias.ok && alias.error.kind).toBe("blocked");
    expect(dns.queriesFor("site-alias.test", "A")).toHaveLength(1);
    expect(site.requests).toHaveLength(1);
  });

  it("blocks a name whose first answer is private even when later answers are public", async () => {
    dns.set("rebind.test", (q) => (q.count === 1 ? { A: ["127.0.0.1"] } : { A: ["93.184.216.34"] }));
    const result = await fetcher.fetch("http://rebind.test/");
    // The address is named for logs (detail), never in the message a customer reads (it would map internal DNS).
    expect(!result.ok && result.error).toMatchObject({ kind: "blocked", detail: expect.stringMatching(/127\.0\.0\.1/) });
    expect(!result.ok && result.error.message).toBe("rebind.test: the name points to a private or reserved address, which is never fetched");
    expect(canary.connections).toBe(0);
  });

  it("says in our words why a name was refused or could not be reached, never the address it resolves to or a library's text", async () => {
    dns.set("inside.test", { A: ["10.20.30.40"] });
    dns.set("closed.test", { A: ["203.0.113.9"] });
    const quick = createSafeFetcher({ connectTo: "closed.test:80:127.0.0.1:9", dnsServers: [dns.server], dnsTimeoutMs: 500 });
    const cases: [string, string, string][] = [
      ["http://inside.test/", "blocked", "inside.test: the name points to a private or reserved address, which is never fetched"],
      ["http://nowhere.test/", "dns", "nowhere.test: the domain name could not be found in DNS"],
      ["http://closed.test/", "connection", "closed.test: the site could not be reached: the connection was refused or dropped"],
    ];
    for (const [url, kind, message] of cases) {
      const result = await quick.fetch(url, { connectTimeoutMs: 1_000, totalTimeoutMs: 5_000 });
      expect(!result.ok && { kind: result.error.kind, message: result.error.message }, url).toEqual({ kind, message });
      expect(!result.ok && result.error.message).not.toMatch(/10\.20\.30\.40|127\.0\.0\.1|\bE[A-Z]{4,}\b|getaddrinfo|connect /);
    }
    const refused = await quick.fetch("http://closed.test/");
    expect(!refused.ok && refused.error.detail).toMatch(/ECONNREFUSED/);
  });

  it("connects to the vetted address and never asks DNS again (rebinding)", async () => {
    // First answer public (vetted, unreachable here), every later answer loopback: a fetcher that
    // re-resolved before connecting would ask again and connect to loopback.
    dns.set("rebind.test", (q) => (q.type === "AAAA" ? {} : q.count === 1 ? { A: ["93.184.216.34"] } : { A: ["127.0.0.1"] }));
    const result = await fetcher.fetch("http://rebind.test/", { connectTimeoutMs: 300, totalTimeoutMs: 3_000 });
    if (!result.ok) expect(["timeout", "connection"]).toContain(result.error.kind);
    expect(dns.queriesFor("rebind.test", "A")).toHaveLength(1);
    expect(canary.connections).toBe(0);
  });

  it("reports an unknown name as dns, not blocked", async () => {
    const result = await fetcher.fetch("http://nowhere.test/");
    expect(!result.ok && result.error.kind).toBe("dns");
    expect(canary.connections).toBe(0);
  });
});
