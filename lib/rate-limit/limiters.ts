import { RateLimiterMemory } from "rate-limiter-flexible";
import { databaseUrl, sharesOneBackend } from "@/lib/db/config";
import { policiesFromEnv, type Policy, type RateLimitPolicies } from "./config";
import { InsuredLimiter, StoreHealth, type Limiter } from "./insured-limiter";
import { postgresStore, redisStore, type Store } from "./store";

/** The named limits of DESIGN.md on one store. A family is empty when its limits are off (0). */
export type RateLimits = {
  store: Store;
  /** Per API key id or session user id: the minute window and the burst window. */
  api: Limiter[];
  /** Per client IP, shared by the routes that need no credentials. */
  anonymous: Limiter[];
  /** Per client IP, the pages of share links. */
  sharePages: Limiter[];
  signInMailPerAddress: Limiter[];
  signInMailPerIp: Limiter[];
  invitations: Limiter[];
  /** Per client IP, failed ingest tokens: counted on failure, and looked at (not counted) before a token is checked. */
  ingestTokenFailures: InsuredLimiter[];
  apiKeyCreations: Limiter[];
  siteFetches: Limiter[];
};

export function createRateLimits(store: Store, policies: RateLimitPolicies, keyPrefix = "rl"): RateLimits {
  const health = new StoreHealth(store.kind);
  const family = (...named: Array<[string, Policy]>) =>
    named.filter(([, p]) => p.points > 0).map(([name, p]) => new InsuredLimiter(p, store.limiter(p, `${keyPrefix}:${name}`), health));
  // The burst window smooths spikes within one process and is counted in memory: every authenticated request
  // then costs one store round trip (the shared minute window), not two on the same hot row.
  const inProcess = (name: string, p: Policy) =>
    p.points > 0 ? [new InsuredLimiter(p, new RateLimiterMemory({ points: p.points, duration: p.duration, keyPrefix: `${keyPrefix}:${name}` }), health)] : [];
  return {
    store,
    api: [...family(["api", policies.apiMinute]), ...inProcess("api-burst", policies.apiBurst)],
    anonymous: family(["anon", policies.anonymous]),
    sharePages: family(["share", policies.sharePages]),
    signInMailPerAddress: family(["signin-addr", policies.signInMailPerAddress]),
    signInMailPerIp: family(["signin-ip", policies.signInMailPerIp]),
    invitations: family(["invites", policies.invitations]),
    ingestTokenFailures: family(["ingest-fail", policies.ingestTokenFailures]),
    apiKeyCreations: family(["api-key-creations", policies.apiKeyCreations]),
    siteFetches: family(["site-fetches", policies.siteFetches]),
  };
}

/** PostgreSQL (the app's database, table rate_limits) by default; Redis when REDIS_URL is set. */
export function storeFromEnv(env = process.env): Store {
  return env.REDIS_URL ? redisStore(env.REDIS_URL) : postgresStore(databaseUrl(), { sharesOneBackend: sharesOneBackend() });
}

// One set per process, kept on globalThis like the database pool (dev reloads, separately bundled routes).
const g = globalThis as unknown as { __rateLimits?: RateLimits };

export function rateLimits(): RateLimits {
  return (g.__rateLimits ??= createRateLimits(storeFromEnv(), policiesFromEnv(), process.env.RATE_LIMIT_KEY_PREFIX || "rl"));
}

/** Replaces the process's limits (tests inject short windows and their own store); undefined rebuilds from env on next use. */
export async function replaceRateLimits(next?: RateLimits): Promise<void> {
  const previous = g.__rateLimits;
  g.__rateLimits = next;
  if (previous && previous.store !== next?.store) await previous.store.close();
}
