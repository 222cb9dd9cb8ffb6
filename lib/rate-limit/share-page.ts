import { consumeAll, rateLimitHeaders } from "./decide";
import { ipKey } from "./keys";
import { rateLimits } from "./limiters";

/**
 * Counts one request for a share link's pages against the client IP's budget (RATE_LIMIT_SHARE_PER_MINUTE, 300): a
 * page load and the fetches and prefetches of its links all count, as none can be told apart from what a client says.
 * Answers the RateLimit-* headers and, beyond the limit, the seconds to wait.
 */
export async function limitSharePage(ip: string | null): Promise<{ headers: Record<string, string> | undefined; retryAfterSeconds: number | null }> {
  const decision = await consumeAll(rateLimits().sharePages.map((l) => [l, ipKey(ip)] as const));
  if (!decision) return { headers: undefined, retryAfterSeconds: null };
  return { headers: rateLimitHeaders(decision), retryAfterSeconds: decision.allowed ? null : decision.retryAfterSeconds };
}
