import { afterAll, describe, expect, it } from "vitest";
import { consumeAll } from "@/lib/rate-limit/decide";
import { createRateLimits } from "@/lib/rate-limit/limiters";
import type { Store } from "@/lib/rate-limit/store";
import { consumeInChild } from "./run-child";
import { STORES, dropCounters, openStore, policies, sleep, uniquePrefix } from "./stores";

describe.each(STORES)("limits on $kind", (spec) => {
  const prefix = uniquePrefix(spec.kind);
  const stores: Store[] = [];
  const limitsWith = (p: Parameters<typeof policies>[0]) => {
    const store = openStore(spec);
    stores.push(store);
    return createRateLimits(store, policies(p), prefix);
  };
  const count = (l: ReturnType<typeof limitsWith>, key: string) => consumeAll(l.api.map((x) => [x, key] as const));
  afterAll(async () => {
    await dropCounters(spec, prefix);
    await Promise.all(stores.map((s) => s.close()));
  });

  it("lets the limit through, refuses the next with the time to wait, and lets it through again once the window ends", async () => {
    const limits = limitsWith({ apiMinute: { points: 3, duration: 2 } });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await count(limits, "hit"));
    expect(seen.map((d) => [d!.allowed, d!.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(seen[3]).toMatchObject({ limit: 3, policy: "3;w=2" });
    expect(seen[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(seen[3]!.retryAfterSeconds).toBeLessThanOrEqual(2);
    expect(seen[0]!.resetSeconds).toBeLessThanOrEqual(2);
    // Another key has its own count.
    expect((await count(limits, "other"))!.allowed).toBe(true);

    await sleep(seen[3]!.retryAfterSeconds * 1000 + 200);
    expect(await count(limits, "hit")).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("caps a burst inside the minute and the minute across bursts, reporting the limit closest to refusing", async () => {
    const limits = limitsWith({ apiMinute: { points: 5, duration: 60 }, apiBurst: { points: 3, duration: 2 } });
    const burst = [];
    for (let i = 0; i < 4; i++) burst.push(await count(limits, "bursty"));
    expect(burst.map((d) => d!.allowed)).toEqual([true, true, true, false]);
    expect(burst[0]).toMatchObject({ limit: 3, remaining: 2, policy: "5;w=60, 3;w=2" });
    expect(burst[3]!.retryAfterSeconds).toBeLessThanOrEqual(2); // the burst window, not the minute

    await sleep(burst[3]!.retryAfterSeconds * 1000 + 200);
    // The refused request counted in the minute too: 4 of 5 are spent, so one more passes.
    expect(await count(limits, "bursty")).toMatchObject({ allowed: true, limit: 5, remaining: 0 });
    const minute = await count(limits, "bursty");
    expect(minute).toMatchObject({ allowed: false, limit: 5, remaining: 0 });
    expect(minute!.retryAfterSeconds).toBeGreaterThan(50);
  });

  it("counts concurrent requests of one key exactly: each has its own place in the window, none beyond the limit passes", async () => {
    const limits = limitsWith({ apiMinute: { points: 10, duration: 60 } });
    const decisions = await Promise.all(Array.from({ length: 25 }, () => count(limits, "parallel")));
    expect(decisions.filter((d) => d!.allowed)).toHaveLength(10);
    // The ten that passed saw the window fill one by one; the fifteen others were refused with nothing left.
    expect(decisions.filter((d) => d!.allowed).map((d) => d!.remaining).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(decisions.filter((d) => !d!.allowed).every((d) => d!.remaining === 0 && d!.retryAfterSeconds > 0)).toBe(true);
    // Every request was counted, the refused ones too, and the next one is refused as well.
    expect(await count(limits, "parallel")).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("shares one count between two processes", async () => {
    const p = policies({ apiMinute: { points: 5, duration: 60 } });
    const child = await consumeInChild({ store: spec, policies: p, prefix, key: "shared", times: 3 });
    expect(child.pid).not.toBe(process.pid);
    expect(child.decisions.map((d) => d.remaining)).toEqual([4, 3, 2]);

    const limits = limitsWith({ apiMinute: { points: 5, duration: 60 } });
    expect(await count(limits, "shared")).toMatchObject({ allowed: true, remaining: 1 });
    expect(await count(limits, "shared")).toMatchObject({ allowed: true, remaining: 0 });
    // ...and the other process is refused by what this one spent.
    const again = await consumeInChild({ store: spec, policies: p, prefix, key: "shared", times: 1 });
    expect(again.decisions[0]).toMatchObject({ allowed: false, remaining: 0 });
  });
});
