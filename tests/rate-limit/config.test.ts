import { describe, expect, it, vi } from "vitest";
import { burstPolicy, policiesFromEnv } from "@/lib/rate-limit/config";
import { createRateLimits } from "@/lib/rate-limit/limiters";
import { postgresStore } from "@/lib/rate-limit/store";

describe("rate-limit configuration", () => {
  it("defaults to DESIGN.md's limits", () => {
    expect(policiesFromEnv({})).toEqual({
      apiMinute: { points: 600, duration: 60 },
      apiBurst: { points: 100, duration: 10 }, // 100 at once, refilled at 600/min = 10 s
      anonymous: { points: 60, duration: 60 },
      sharePages: { points: 300, duration: 60 },
      signInMailPerAddress: { points: 5, duration: 3600 },
      signInMailPerIp: { points: 20, duration: 3600 },
      invitations: { points: 50, duration: 86_400 },
      ingestTokenFailures: { points: 30, duration: 3600 },
      apiKeyCreations: { points: 20, duration: 3600 },
      siteFetches: { points: 6, duration: 60 },
    });
  });

  it("reads each limit from the environment; 0 turns a limit off and a typo keeps the default", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const p = policiesFromEnv({ RATE_LIMIT_API_PER_MINUTE: "120", RATE_LIMIT_API_BURST: "30", RATE_LIMIT_ANON_PER_MINUTE: "0", RATE_LIMIT_INVITES_PER_ORG_PER_DAY: "ten" });
    expect(p.apiMinute).toEqual({ points: 120, duration: 60 });
    expect(p.apiBurst).toEqual({ points: 30, duration: 15 });
    expect(p.anonymous.points).toBe(0);
    expect(p.invitations.points).toBe(50);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("RATE_LIMIT_INVITES_PER_ORG_PER_DAY"));
    log.mockRestore();

    const store = postgresStore(process.env.DATABASE_URL!); // never queried here
    const limits = createRateLimits(store, p, "rl-config");
    expect(limits.api.map((l) => l.policy)).toEqual([p.apiMinute, p.apiBurst]);
    expect(limits.anonymous).toEqual([]);
    return store.close();
  });

  it("has no burst window when the burst is not below the minute's limit", () => {
    expect(burstPolicy(600, 600).points).toBe(0);
    expect(burstPolicy(600, 0).points).toBe(0);
    expect(burstPolicy(60, 1)).toEqual({ points: 1, duration: 1 });
  });
});
