import pg from "pg";
import { Redis } from "ioredis";
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Policy } from "./config";

/** Where the counters live: one per process, shared by every limiter (rate-limiter-flexible's stores). */
export type Store = {
  kind: "postgres" | "redis";
  limiter(policy: Policy, keyPrefix: string): RateLimiterAbstract;
  close(): Promise<void>;
};

// A store that does not answer within this falls back to the in-memory insurance (insured-limiter.ts).
const STORE_TIMEOUT_MS = 1000;

/** `timeoutMs`: how long a count may take before the insurance answers (STORE_TIMEOUT_MS; tests of shared counts wait longer). */
type StoreOptions = { timeoutMs?: number };

/**
 * PostgreSQL store on its own small pool: counters commit without waiting for the WAL flush (a
 * crash loses at most the last fraction of a second of counts, which costs nothing; a synchronous
 * commit of one hot row costs ~3 ms here), and a stalled limiter cannot starve the app's queries.
 */
export function postgresStore(connectionString: string, opts: StoreOptions & { sharesOneBackend?: boolean } = {}): Store {
  const timeoutMs = opts.timeoutMs ?? STORE_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString, max: opts.sharesOneBackend ? 2 : 4, idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs,
    // PGlite (the embedded database) serves all connections from one backend: no startup options.
    ...(opts.sharesOneBackend ? {} : { options: "-c synchronous_commit=off", statement_timeout: timeoutMs }),
  });
  // An idle connection's error (database restart) must not crash the process; the next query fails over.
  pool.on("error", () => {});
  // On one shared backend, named statements prepared by two connections would collide: drop the names.
  const client = opts.sharesOneBackend ? { query: (q: { text: string; values?: unknown[] }) => pool.query({ text: q.text, values: q.values }) } : pool;
  return {
    kind: "postgres",
    limiter: (policy, keyPrefix) =>
      new RateLimiterPostgres({ storeClient: client, storeType: "pool", tableName: "rate_limits", tableCreated: true, keyPrefix, ...limitOptions(policy) }),
    close: once(() => pool.end()),
  };
}

export function redisStore(url: string, opts: StoreOptions = {}): Store {
  const timeoutMs = opts.timeoutMs ?? STORE_TIMEOUT_MS;
  const redis = new Redis(url, {
    commandTimeout: timeoutMs, connectTimeout: timeoutMs, maxRetriesPerRequest: 1,
    // The minute and burst windows of one request go out in one write: one round trip.
    enableAutoPipelining: true,
    // Reconnect in the background at most every 2 s; meanwhile commands fail and the insurance counts.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  redis.on("error", () => {}); // surfaced by the failing commands (insured-limiter.ts logs them)
  return {
    kind: "redis",
    limiter: (policy, keyPrefix) => new RateLimiterRedis({ storeClient: redis, keyPrefix, ...limitOptions(policy) }),
    close: once(async () => redis.disconnect()),
  };
}

// Once a key is over its limit, this process refuses it from memory until its window ends: an abusive
// client costs no store round trip (the count only stops growing, the answer is the same).
function limitOptions(policy: Policy) {
  return { points: policy.points, duration: policy.duration, inMemoryBlockOnConsumed: policy.points + 1 };
}

function once(f: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= f());
}
