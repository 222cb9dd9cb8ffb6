import net from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as me } from "@/app/api/user/me/route";
import { consumeAll } from "@/lib/rate-limit/decide";
import { StoreHealth } from "@/lib/rate-limit/insured-limiter";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { postgresStore, redisStore, type Store } from "@/lib/rate-limit/store";
import { apiKeyHeader, call } from "../http";
import { createTestApiKey, createTestUser } from "../factories";
import { policies } from "./stores";

// Nothing listens on port 1: both stores are down from the start.
const DEAD = [
  { kind: "postgres", open: () => postgresStore("postgresql://postgres@127.0.0.1:1/none") },
  { kind: "redis", open: () => redisStore("redis://127.0.0.1:1") },
] as const;

describe.each(DEAD)("with the $kind store down", ({ kind, open }) => {
  const stores: Store[] = [];
  const limitsOn = (store: Store) => (stores.push(store), createRateLimits(store, policies({ apiMinute: { points: 2, duration: 60 } }), "rl-outage"));
  afterAll(async () => {
    await replaceRateLimits(undefined);
    await Promise.all(stores.map((s) => s.close()));
  });

  it("each process keeps counting in memory, says so once in the log, and never throws", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const limits = limitsOn(open());
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await consumeAll(limits.api.map((l) => [l, "k"] as const)));
    expect(seen.map((d) => d!.allowed)).toEqual([true, true, false]);
    expect(seen[2]!.retryAfterSeconds).toBeGreaterThan(50);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][0])).toContain(`the ${kind} store failed`);
    log.mockRestore();
  });

  it("the look-up before an ingest token (failures per IP) reads the in-memory count, and never throws", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = open();
    stores.push(store);
    const [failures] = createRateLimits(store, policies({ ingestTokenFailures: { points: 2, duration: 60 } }), "rl-outage").ingestTokenFailures;
    expect(await failures.msUntilRoom("ip:192.0.2.1")).toBe(0);
    await failures.consume("ip:192.0.2.1");
    expect(await failures.msUntilRoom("ip:192.0.2.1")).toBe(0);
    await failures.consume("ip:192.0.2.1");
    expect(await failures.msUntilRoom("ip:192.0.2.1")).toBeGreaterThan(50_000);
    expect(await failures.msUntilRoom("ip:192.0.2.2")).toBe(0);
    log.mockRestore();
  });

  it("the API answers as usual, and 429 beyond the limit, never 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await replaceRateLimits(limitsOn(open()));
    const user = await createTestUser(`rl-outage-${kind}`);
    const { key } = await createTestApiKey(user, ["user:read"]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(me, { headers: apiKeyHeader(key) })).res.status);
    expect(statuses).toEqual([200, 200, 429]);
    log.mockRestore();
  });
});

describe("with a store that accepts connections and never answers", () => {
  const silent = net.createServer(() => {}); // holds every socket open, says nothing
  const sockets = new Set<net.Socket>();
  silent.on("connection", (s) => (sockets.add(s), s.on("close", () => sockets.delete(s))));
  afterAll(() => {
    for (const s of sockets) s.destroy();
    silent.close();
  });

  it.each(["postgres", "redis"] as const)("%s: the first request waits at most about a second, the next ones not at all", async (kind) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    if (!silent.listening) await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as net.AddressInfo).port;
    const store = kind === "postgres" ? postgresStore(`postgresql://postgres@127.0.0.1:${port}/none`) : redisStore(`redis://127.0.0.1:${port}`);
    const limits = createRateLimits(store, policies({ apiMinute: { points: 2, duration: 60 } }), "rl-silent");
    const timed = async () => {
      const t = performance.now();
      const d = await consumeAll(limits.api.map((l) => [l, "k"] as const));
      return { allowed: d!.allowed, ms: performance.now() - t };
    };
    const first = await timed(), second = await timed(), third = await timed();
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
    expect(first.ms).toBeLessThan(2500);
    expect(second.ms).toBeLessThan(50);
    expect(third.ms).toBeLessThan(50);
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
    await store.close();
  });
});

describe("StoreHealth", () => {
  it("leaves a failed store alone for 5 s, then tries it again", () => {
    let now = 1_000_000;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const health = new StoreHealth("test", () => now);
    expect(health.usable()).toBe(true);
    health.failed(new Error("connection refused"));
    expect(health.usable()).toBe(false);
    now += 4999;
    expect(health.usable()).toBe(false);
    now += 1;
    expect(health.usable()).toBe(true);
    log.mockRestore();
  });
});
