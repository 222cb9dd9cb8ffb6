// The audit runner against a real local site: per-host concurrency (robots.txt included),
// Crawl-delay spacing, streaming outcomes, and failures that never end a run.
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditOutcome } from "@/lib/audit/types";
import type { RobotsCache } from "@/lib/audit/robots-cache";
import { createAuditRunner } from "@/lib/audit/runner";
import { createSafeFetcher } from "@/lib/net/safe-fetch";
import { AuditSite, page } from "./helpers";

let site: AuditSite;
beforeAll(async () => {
  site = await AuditSite.start();
});
afterAll(() => site.close());

const paths = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `/${prefix}${i}`);

describe("createAuditRunner", () => {
  it("never has more than hostConcurrency requests in flight per host, robots.txt included", async () => {
    const [a, b] = [site.host("a"), site.host("b")];
    const fetcher = createSafeFetcher({ connectTo: site.site.connectTo([a.host, b.host]), tlsCa: site.site.ca });
    for (const h of [a, b]) {
      h.set("/robots.txt", { delayMs: 150, body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
      for (const p of paths("p", 24)) h.set(p, { delayMs: 60, body: page("") });
    }
    const urls = [...paths("p", 24).map(a.url), ...paths("p", 24).map(b.url)];
    const outcomes: AuditOutcome[] = [];
    await createAuditRunner({ fetcher, hostConcurrency: 3 }).run(urls, (o) => void outcomes.push(o));
    expect(outcomes).toHaveLength(48);
    expect(outcomes.every((o) => o.healthState === "healthy")).toBe(true);
    expect(site.site.stats.maxInFlightByHost[a.host]).toBe(3);
    expect(site.site.stats.maxInFlightByHost[b.host]).toBe(3);
    // Hosts take turns, so the two hosts were audited side by side.
    expect(site.site.stats.maxInFlight).toBeGreaterThan(3);
    expect(a.requests().filter((p) => p === "/robots.txt")).toHaveLength(1);
  });

  it("two runs sharing a fetcher still respect the host's limit", async () => {
    const h = site.host();
    for (const p of paths("q", 20)) h.set(p, { delayMs: 40, body: page("") });
    const runner1 = createAuditRunner({ fetcher: h.fetcher, robots: h.robots, hostConcurrency: 2 });
    const runner2 = createAuditRunner({ fetcher: h.fetcher, robots: h.robots, hostConcurrency: 2 });
    await Promise.all([runner1.run(paths("q", 10).map(h.url), () => {}), runner2.run(paths("q", 20).slice(10).map(h.url), () => {})]);
    expect(site.site.stats.maxInFlightByHost[h.host]).toBe(2);
  });

  it("spaces request starts on a host by its Crawl-delay, counting robots.txt", async () => {
    // Asserts on the schedule the runner reserves, and that no request reached the site before its
    // slot: a loaded machine can only make requests later, so nothing here depends on its load.
    const h = site.host();
    h.set("/robots.txt", { body: "User-agent: *\nCrawl-delay: 0.4\n", contentType: "text/plain" });
    const arrived = new Map<string, number>();
    for (const p of paths("cd", 4)) {
      site.site.route(p, (req: http.IncomingMessage, res: http.ServerResponse) => {
        arrived.set(new URL(req.url ?? "/", "http://x").pathname, performance.now());
        res.writeHead(200, { "content-type": "text/html" }).end(page(""));
      });
    }
    const paced: { host: string; startAt: number; startedAt: number }[] = [];
    const onPaced = (host: string, startAt: number) => void paced.push({ host, startAt, startedAt: performance.now() });
    await createAuditRunner({ fetcher: h.fetcher, robots: h.robots, hostConcurrency: 4, onPaced }).run(paths("cd", 4).map(h.url), () => {});
    expect(arrived.size).toBe(4);
    expect(paced.map((p) => p.host)).toEqual([h.host, h.host, h.host, h.host]);
    const robotsStartedAt = (await h.robots.get(h.url("/cd0"))).startedAt;
    const slots = paced.map((p) => p.startAt).sort((x, y) => x - y);
    // The first page waits out the delay after robots.txt, each next one the delay after the last.
    expect(slots[0] - robotsStartedAt).toBeGreaterThanOrEqual(400 - 1e-6);
    for (let i = 1; i < slots.length; i++) expect(slots[i] - slots[i - 1]).toBeGreaterThanOrEqual(400 - 1e-6);
    // Every request left after its slot (timers may round by a millisecond), and reached the site later still.
    for (const p of paced) expect(p.startedAt).toBeGreaterThanOrEqual(p.startAt - 2);
    expect(Math.min(...arrived.values())).toBeGreaterThanOrEqual(slots[0] - 2);
    expect([...arrived.values()].sort((x, y) => x - y).every((at, i) => at >= slots[i] - 2)).toBe(true);
  });

  it("streams outcomes as they finish", async () => {
    const h = site.host();
    h.set("/slow", { delayMs: 600, body: page("") });
    h.set("/fast", { body: page("") });
    const seen: [string, number][] = [];
    const t0 = Date.now();
    await createAuditRunner({ fetcher: h.fetcher, robots: h.robots }).run([h.url("/slow"), h.url("/fast")], (o) => void seen.push([new URL(o.url).pathname, Date.now() - t0]));
    expect(seen.map(([p]) => p)).toEqual(["/fast", "/slow"]);
    expect(seen[0][1]).toBeLessThan(500);
  });

  it("a failing onOutcome, a failing robots cache and invalid URLs never end the run", async () => {
    const h = site.host();
    for (const p of paths("e", 6)) h.set(p, { body: page("") });
    const broken: RobotsCache = { get: async (u) => (String(u).includes("/e3") ? Promise.reject(new Error("cache exploded")) : h.robots.get(u)), clear() {} };
    const errors: string[] = [];
    const outcomes: AuditOutcome[] = [];
    const urls = [...paths("e", 6).map(h.url), "not a url", `https://${h.host}:8080/`];
    await createAuditRunner({ fetcher: h.fetcher, robots: broken, onError: (url) => void errors.push(url) }).run(urls, (o) => {
      outcomes.push(o);
      if (o.url.endsWith("/e1")) throw new Error("database down");
    });
    expect(errors).toEqual([h.url("/e1")]);
    expect(outcomes.map((o) => o.url).sort()).toEqual([...urls].sort());
    expect(outcomes.find((o) => o.url.endsWith("/e3"))).toMatchObject({ healthError: "internal: cache exploded", healthState: undefined, evaluated: [] });
    expect(outcomes.filter((o) => o.healthState === "healthy")).toHaveLength(5);
    expect(outcomes.filter((o) => o.healthError?.startsWith("invalid_url"))).toHaveLength(2);
  });

  it("resolves at once for no URLs", async () => {
    await expect(createAuditRunner({ fetcher: site.host().fetcher }).run([], () => {})).resolves.toBeUndefined();
  });
});
