import { DomainError } from "@/lib/core/errors";
import { consumeAll } from "./decide";
import { rateLimits } from "./limiters";

/**
 * Counts one invitation mail (a new invite or a resend) for the organization, before it is sent.
 * Beyond the daily limit, throws 429 RATE_LIMITED with Retry-After and `meta.retryAfterSeconds`;
 * the RateLimit-* headers of the answer stay those of the request's own limit.
 */
export async function consumeInvitation(organizationId: string): Promise<void> {
  const decision = await consumeAll(rateLimits().invitations.map((l) => [l, `org:${organizationId}`] as const));
  if (!decision || decision.allowed) return;
  const s = decision.retryAfterSeconds;
  throw new DomainError("RATE_LIMITED", `This organization has sent its ${decision.limit} invitations for the day; try again in ${roughly(s)}`,
    { retryAfterSeconds: s, limit: decision.limit });
}

function roughly(seconds: number): string {
  const [n, unit] = seconds < 120 ? [seconds, "second"] : seconds < 7200 ? [Math.ceil(seconds / 60), "minute"] : [Math.ceil(seconds / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
