import type { Principal } from "@/lib/auth/principal";
import type { RequestInfo } from "@/lib/auth/request-info";
import { ApiError } from "@/lib/api/errors";
import { consumeAll, rateLimitHeaders } from "./decide";
import { ipKey, principalKey } from "./keys";
import { rateLimits } from "./limiters";

/**
 * Counts one API request: by API key or user when authenticated, by client IP otherwise. Returns
 * the RateLimit-* headers for the answer (none when the limits are off); beyond the limit, throws
 * 429 RATE_LIMITED carrying them and Retry-After.
 */
export async function limitRequest(principal: Principal | null, request: RequestInfo): Promise<Record<string, string> | undefined> {
  const limits = rateLimits();
  const [family, key] = principal ? [limits.api, principalKey(principal)] : [limits.anonymous, ipKey(request.ipAddress)];
  const decision = await consumeAll(family.map((l) => [l, key] as const));
  if (!decision) return undefined;
  const headers = rateLimitHeaders(decision);
  if (decision.allowed) return headers;
  const s = decision.retryAfterSeconds;
  throw new ApiError("RATE_LIMITED", `Too many requests; try again in ${s} second${s === 1 ? "" : "s"}`, { retryAfterSeconds: s }, headers);
}

/** The answer with the RateLimit-* headers added (copied when its headers are immutable, as a redirect's are). */
export function withRateLimitHeaders(res: Response, headers: Record<string, string> | undefined): Response {
  if (!headers) return res;
  try {
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    for (const [k, v] of Object.entries(headers)) copy.headers.set(k, v);
    return copy;
  }
}
