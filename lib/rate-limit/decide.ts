import type { Consumed, Limiter } from "./insured-limiter";

/** The answer to one request counted against one or more limits, in the terms of the RateLimit-* headers. */
export type Decision = {
  allowed: boolean;
  /** The limit closest to refusing (the one that refused, when one did). */
  limit: number;
  remaining: number;
  /** Seconds until that limit's window starts over. */
  resetSeconds: number;
  /** Seconds until every limit that refused has room again (0 when allowed). */
  retryAfterSeconds: number;
  /** Every limit in play, `points;w=seconds` as the IETF draft's RateLimit-Policy writes it. */
  policy: string;
};

/**
 * Counts one request against every limit at once (the store round trips run in parallel) and folds
 * the answers. A refused request still counts in the limits that let it pass. Null when all are off.
 */
export async function consumeAll(entries: ReadonlyArray<readonly [Limiter, string]>): Promise<Decision | null> {
  if (!entries.length) return null;
  const results = await Promise.all(entries.map(([limiter, key]) => limiter.consume(key)));
  const refused = results.filter((r) => !r.allowed);
  const binding = refused.length ? maxBy(refused, (r) => r.msBeforeNext) : maxBy(results, (r) => -r.remaining);
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return {
    allowed: !refused.length,
    limit: binding.policy.points,
    remaining: refused.length ? 0 : binding.remaining,
    resetSeconds: seconds(binding.msBeforeNext),
    retryAfterSeconds: refused.length ? seconds(binding.msBeforeNext) : 0,
    policy: [...new Set(results.map((r) => `${r.policy.points};w=${r.policy.duration}`))].join(", "),
  };
}

function maxBy(xs: Consumed[], f: (x: Consumed) => number): Consumed {
  return xs.reduce((best, x) => (f(x) > f(best) ? x : best));
}

/**
 * RateLimit-Limit / -Remaining / -Reset (delta seconds) and RateLimit-Policy of the IETF httpapi
 * draft (-07), on every counted answer; Retry-After on a refusal.
 */
export function rateLimitHeaders(d: Decision): Record<string, string> {
  return {
    "ratelimit-limit": String(d.limit),
    "ratelimit-remaining": String(d.remaining),
    "ratelimit-reset": String(d.resetSeconds),
    "ratelimit-policy": d.policy,
    ...(d.allowed ? {} : { "retry-after": String(d.retryAfterSeconds) }),
  };
}
