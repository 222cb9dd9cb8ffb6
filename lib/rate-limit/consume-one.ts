import { DomainError, type ErrorCode } from "@/lib/core/errors";
import { consumeAll } from "./decide";
import type { Limiter } from "./insured-limiter";

/**
 * Counts one action against a family of limits under `key`. Beyond them, throws 429 (`code`, RATE_LIMITED by default)
 * with `meta.retryAfterSeconds` (Retry-After) and `meta.limit`; `say` words the refusal from the seconds to wait.
 */
export async function consumeOne(family: Limiter[], key: string, say: (retryIn: string, limit: number) => string, code: ErrorCode = "RATE_LIMITED"): Promise<void> {
  const decision = await consumeAll(family.map((l) => [l, key] as const));
  if (!decision || decision.allowed) return;
  const s = decision.retryAfterSeconds;
  throw new DomainError(code, say(roughly(s), decision.limit), { retryAfterSeconds: s, limit: decision.limit });
}

/** "45 seconds", "3 minutes", "2 hours". */
export function roughly(seconds: number): string {
  const [n, unit] = seconds < 120 ? [seconds, "second"] : seconds < 7200 ? [Math.ceil(seconds / 60), "minute"] : [Math.ceil(seconds / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
