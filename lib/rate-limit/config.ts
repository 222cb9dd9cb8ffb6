// The limits of DESIGN.md ("Rate limits"), each overridable by environment. A policy is a fixed window
// of `points` requests per `duration` seconds; 0 points turns that limit off.
export type Policy = { points: number; duration: number };

export type RateLimitPolicies = {
  /** Per API key or signed-in user: the sustained rate ... */
  apiMinute: Policy;
  /** ... and the burst: see burstPolicy. */
  apiBurst: Policy;
  /** Per client IP on routes that need no credentials (identify, sso/discover, invitations, sign-in). */
  anonymous: Policy;
  /** Per client IP on the pages of share links (a page load and its router's fetches and prefetches all count). */
  sharePages: Policy;
  signInMailPerAddress: Policy;
  signInMailPerIp: Policy;
  invitations: Policy;
  /** Per client IP: unknown or revoked tokens on POST /api/ingest/logs (lib/rate-limit/ingest-token-failures.ts). */
  ingestTokenFailures: Policy;
  /** Per user: API keys created an hour. */
  apiKeyCreations: Policy;
  /** Per action, project and domain: fetches of a customer's site asked for on demand (probe, robots test, key check, sync). */
  siteFetches: Policy;
};

export const RATE_LIMIT_ENV = {
  RATE_LIMIT_API_PER_MINUTE: 600,
  RATE_LIMIT_API_BURST: 100,
  RATE_LIMIT_ANON_PER_MINUTE: 60,
  RATE_LIMIT_SHARE_PER_MINUTE: 300,
  RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR: 5,
  RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR: 20,
  RATE_LIMIT_INVITES_PER_ORG_PER_DAY: 50,
  RATE_LIMIT_INGEST_FAILURES_PER_IP_PER_HOUR: 30,
  RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR: 20,
  RATE_LIMIT_SITE_FETCHES_PER_MINUTE: 6,
} as const;

type EnvName = keyof typeof RATE_LIMIT_ENV;
type Env = Record<string, string | undefined>;

export function policiesFromEnv(env: Env = process.env): RateLimitPolicies {
  const n = (name: EnvName) => readCount(env, name);
  const perMinute = n("RATE_LIMIT_API_PER_MINUTE");
  return {
    apiMinute: { points: perMinute, duration: 60 },
    apiBurst: burstPolicy(perMinute, n("RATE_LIMIT_API_BURST")),
    anonymous: { points: n("RATE_LIMIT_ANON_PER_MINUTE"), duration: 60 },
    sharePages: { points: n("RATE_LIMIT_SHARE_PER_MINUTE"), duration: 60 },
    signInMailPerAddress: { points: n("RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR"), duration: 3600 },
    signInMailPerIp: { points: n("RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR"), duration: 3600 },
    invitations: { points: n("RATE_LIMIT_INVITES_PER_ORG_PER_DAY"), duration: 86_400 },
    ingestTokenFailures: { points: n("RATE_LIMIT_INGEST_FAILURES_PER_IP_PER_HOUR"), duration: 3600 },
    apiKeyCreations: { points: n("RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR"), duration: 3600 },
    siteFetches: { points: n("RATE_LIMIT_SITE_FETCHES_PER_MINUTE"), duration: 60 },
  };
}

/**
 * "600 a minute, bursts of 100" read as a token bucket holding 100 that refills at 10/s, approximated
 * with fixed windows: at most `burst` requests per the time the bucket takes to refill (100 / 10/s =
 * 10 s), beside the minute window. A client pacing itself at the full rate never meets the burst
 * window; one that fires everything at once gets 100, then waits for the window, never over 600/min.
 */
export function burstPolicy(perMinute: number, burst: number): Policy {
  if (!perMinute || !burst || burst >= perMinute) return { points: 0, duration: 60 };
  return { points: burst, duration: Math.max(1, Math.ceil((burst * 60) / perMinute)) };
}

function readCount(env: Env, name: EnvName): number {
  const raw = env[name]?.trim();
  if (!raw) return RATE_LIMIT_ENV[name];
  if (/^\d+$/.test(raw) && Number(raw) <= 2 ** 31 - 1) return Number(raw);
  // A typo in a limit must not take the API down: keep the default, loudly.
  console.error(`[rate-limit] ${name}=${JSON.stringify(raw)} is not a whole number ≥ 0; using ${RATE_LIMIT_ENV[name]}`);
  return RATE_LIMIT_ENV[name];
}
