import { DomainError } from "@/lib/core/errors";
import { consumeAll, type Decision } from "./decide";
import { ipKey } from "./keys";
import { rateLimits } from "./limiters";

// POST /api/ingest/logs has no credentials but its bearer token: the failures of a client address are counted
// (RATE_LIMIT_INGEST_FAILURES_PER_IP_PER_HOUR) and past the limit the address is refused before its token is looked
// up, so a right guess answers like a wrong one until the window starts over. Valid tokens are never counted.

function refusal(retryAfterSeconds: number): DomainError {
  const s = retryAfterSeconds;
  return new DomainError("RATE_LIMITED", `Too many failed ingest tokens from your address; try again in ${s} second${s === 1 ? "" : "s"}`, { retryAfterSeconds: s });
}

/** Throws RATE_LIMITED while the address has spent its failures. */
export async function refuseAddressAfterTokenFailures(ip: string | null): Promise<void> {
  const key = ipKey(ip);
  for (const limiter of rateLimits().ingestTokenFailures) {
    const ms = await limiter.msUntilRoom(key);
    if (ms > 0) throw refusal(Math.max(1, Math.ceil(ms / 1000)));
  }
}

/** Counts one failed token of the address; throws RATE_LIMITED when it went past the limit, else returns. */
export async function countTokenFailure(ip: string | null): Promise<void> {
  const key = ipKey(ip);
  const decision: Decision | null = await consumeAll(rateLimits().ingestTokenFailures.map((l) => [l, key] as const));
  if (decision && !decision.allowed) throw refusal(decision.retryAfterSeconds);
}
