// The two stores every rate-limit suite runs on: the test PostgreSQL and the local Redis (CI has both).
import crypto from "node:crypto";
import pg from "pg";
import { sharesOneBackend } from "@/lib/db/config";
import type { Policy, RateLimitPolicies } from "@/lib/rate-limit/config";
import { postgresStore, redisStore, type Store } from "@/lib/rate-limit/store";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export type StoreSpec = { kind: "postgres" | "redis"; url: string };
export const STORES: StoreSpec[] = [
  { kind: "postgres", url: process.env.DATABASE_URL! },
  { kind: "redis", url: REDIS_URL },
];

// The counts these tests assert are the store's: a count that takes longer than production's 1 s (the embedded database
// serving every test worker from one backend) must not be answered by the in-memory insurance, which counts per process
// (tests/rate-limit/outage.test.ts covers the insurance with stores of its own).
const TEST_STORE_TIMEOUT_MS = 10_000;

export function openStore(spec: StoreSpec): Store {
  return spec.kind === "redis"
    ? redisStore(spec.url, { timeoutMs: TEST_STORE_TIMEOUT_MS })
    : postgresStore(spec.url, { sharesOneBackend: sharesOneBackend(), timeoutMs: TEST_STORE_TIMEOUT_MS });
}

/** Keys of one test run never meet another run's (several runs share the database and Redis). */
export const uniquePrefix = (tag: string) => `rl-test-${tag}-${crypto.randomUUID().slice(0, 8)}`;

const OFF: Policy = { points: 0, duration: 60 };
/** Every limit off except those given. */
export function policies(on: Partial<RateLimitPolicies>): RateLimitPolicies {
  return {
    apiMinute: OFF, apiBurst: OFF, anonymous: OFF, sharePages: OFF, signInMailPerAddress: OFF, signInMailPerIp: OFF, invitations: OFF,
    ingestTokenFailures: OFF, apiKeyCreations: OFF, siteFetches: OFF, ...on,
  };
}

/** Removes a run's counters from PostgreSQL (Redis keys expire with their windows). */
export async function dropCounters(spec: StoreSpec, prefix: string) {
  if (spec.kind !== "postgres") return;
  const client = new pg.Client({ connectionString: spec.url });
  await client.connect();
  await client.query("DELETE FROM rate_limits WHERE key LIKE $1", [`${prefix}:%`]);
  await client.end();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
