import { consumeOne } from "./consume-one";
import { rateLimits } from "./limiters";

/**
 * Counts one invitation mail (a new invite or a resend) for the organization, before it is sent.
 * Beyond the daily limit, throws 429 RATE_LIMITED with Retry-After and `meta.retryAfterSeconds`;
 * the RateLimit-* headers of the answer stay those of the request's own limit.
 */
export async function consumeInvitation(organizationId: string): Promise<void> {
  await consumeOne(rateLimits().invitations, `org:${organizationId}`, (retryIn, limit) => `This organization has sent its ${limit} invitations for the day; try again in ${retryIn}`);
}
