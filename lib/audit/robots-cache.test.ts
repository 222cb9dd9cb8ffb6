import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { SafeFetcher, SafeFetchError, SafeFetchOptions, SafeFetchStreamResult } from "@/lib/net/safe-fetch";
import { isAllowed } from "@/lib/robots";
import { createRobotsCache } from "./robots-cache";

type Answer = { status: number; body?: string | Readable } | { error: Omit<SafeFetchError, "url"> };

function fakeFetcher(answer: (url: string) => Answer) {
  const calls: { url: string; options?: SafeFetchOptions }[] = [];
  const fetcher: SafeFetcher = {
    resolver: undefined as never,
    fetch: () => Promise.reject(new Error("not used")),
    async stream(url, options) {
      calls.push({ url, options });
      await new Promise((r) => setTimeout(r, 5));
      const a = answer(url);
      if ("error" in a) return { ok: false, error: { ...a.error, url } };
      const body = a.body instanceof Readable ? a.body : Readable.from([Buffer.from(a.body ?? "")]);
      return { ok: true, status: a.status, headers: {}, finalUrl: url, hops: [], timing: { totalMs: 1 }, body } satisfies SafeFetchStreamResult;
    },
  };
  return { fetcher, calls };
}

describe("createRobotsCache", () => {
  it("fetches once per origin, sharing the in-flight fetch between concurrent callers", async () => {
    const { fetcher, calls } = fakeFetcher(() => ({ status: 200, body: "User-agent: *\nDisallow: /x" }));
    const cache = createRobotsCache({ fetcher, userAgent: "IndexWatchBot/1.0" });
    const entries = await Promise.all([
      cache.get("https://shop.example/a"),
      cache.get("https://shop.example/b?q"),
      cache.get(new URL("https://shop.example:443/c")),
      cache.get("http://shop.example/"),
      cache.get("https://shop.example:8443/"),
      cache.get("https://www.shop.example/"),
    ]);
    expect(calls.map((c) => c.url).sort()).toEqual([
      "http://shop.example/robots.txt",
      "https://shop.example/robots.txt",
      "https://shop.example:8443/robots.txt",
      "https://www.shop.example/robots.txt",
    ]);
    expect(entries[0]).toBe(entries[1]);
    expect(entries[0].robotsUrl).toBe("https://shop.example/robots.txt");
    expect(isAllowed(entries[0].robots, "Googlebot", "/x")).toBe(false);
    expect(calls[0].options?.userAgent).toBe("IndexWatchBot/1.0");
  });

  it("keeps a file for at most the TTL (24 h by default) and failures for less", async () => {
    let clock = Date.parse("2026-01-01T00:00:00Z");
    let status = 200;
    const { fetcher, calls } = fakeFetcher(() => ({ status, body: "User-agent: *\nDisallow:" }));
    const cache = createRobotsCache({ fetcher, now: () => new Date(clock) });
    await cache.get("https://shop.example/");
    clock += 24 * 3600_000 - 1000;
    await cache.get("https://shop.example/");
    expect(calls).toHaveLength(1);
    clock += 2000;
    status = 503;
    expect((await cache.get("https://shop.example/")).status).toBe(503);
    expect(calls).toHaveLength(2);
    clock += 10 * 60_000 + 1;
    status = 200;
    expect((await cache.get("https://shop.example/")).status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it("applies RFC 9309 to the answer: 4xx allows all, 5xx, 429 and unreachable disallow all, endless redirects allow all", async () => {
    const answers: Record<string, Answer> = {
      "a.example": { status: 404 },
      "b.example": { status: 500 },
      "c.example": { status: 429 },
      "d.example": { error: { kind: "dns", message: "DNS lookup of d.example failed (ENOTFOUND)", hops: [] } },
      "e.example": { error: { kind: "redirect_loop", message: "loop", hops: [{ url: "https://e.example/robots.txt", status: 301 }, { url: "https://e.example/r", status: 302 }] } },
      "f.example": { error: { kind: "timeout", message: "no complete answer within 20000 ms", hops: [] } },
    };
    const { fetcher } = fakeFetcher((url) => answers[new URL(url).hostname]);
    const cache = createRobotsCache({ fetcher });
    const get = async (host: string) => {
      const e = await cache.get(`https://${host}/page`);
      return [e.status, isAllowed(e.robots, "Googlebot", "/page"), e.error];
    };
    expect(await get("a.example")).toEqual([404, true, null]);
    expect(await get("b.example")).toEqual([500, false, null]);
    expect(await get("c.example")).toEqual([429, false, null]);
    expect(await get("d.example")).toEqual(["unreachable", false, "dns: NXDOMAIN"]);
    expect(await get("e.example")).toEqual([302, true, null]);
    expect(await get("f.example")).toEqual(["unreachable", false, "timeout: no complete answer within 20000 ms"]);
  });

  it("reads at most 500 KiB of a large file and stops the download", async () => {
    let produced = 0;
    const line = Buffer.from("Disallow: /filler\n");
    const body = new Readable({
      read() {
        if (produced > 8 * 1024 * 1024) return void this.push(null);
        const chunk = Buffer.concat(Array.from({ length: 1024 }, () => line));
        produced += chunk.length;
        this.push(produced === chunk.length ? Buffer.concat([Buffer.from("User-agent: *\nDisallow: /early\n"), chunk]) : chunk);
      },
    });
    const { fetcher } = fakeFetcher(() => ({ status: 200, body }));
    const entry = await createRobotsCache({ fetcher }).get("https://big.example/");
    expect(entry.robots.truncated).toBe(true);
    expect(isAllowed(entry.robots, "Googlebot", "/early")).toBe(false);
    expect(produced).toBeLessThan(1024 * 1024);
    expect(body.destroyed).toBe(true);
  });

  it("evicts the oldest origins beyond maxEntries", async () => {
    const { fetcher, calls } = fakeFetcher(() => ({ status: 404 }));
    const cache = createRobotsCache({ fetcher, maxEntries: 2 });
    for (const host of ["a", "b", "c", "a"]) await cache.get(`https://${host}.example/`);
    expect(calls.map((c) => new URL(c.url).hostname)).toEqual(["a.example", "b.example", "c.example", "a.example"]);
  });
});
