import type { Principal } from "@/lib/auth/principal";
import type { RequestInfo } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { consumeAll, rateLimitHeaders } from "@/lib/rate-limit/decide";
import { ipKey } from "@/lib/rate-limit/keys";
import { rateLimits } from "@/lib/rate-limit/limiters";

/** An API key counts on its own; a user's sessions (cookie and Bearer) share one count. */
function principalKey(p: Principal): string {
  return p.kind === "apiKey" ? `key:${p.apiKeyId}` : `user:${p.user.id}`;
}

export type LimitOutcome = { headers: Record<string, string> | undefined; refusal: DomainError | null };

/**
 * Counts one API request: by API key or user when authenticated, by client IP otherwise. Returns the
 * RateLimit-* headers for the answer (none when the limits are off) and, beyond the limit, the 429
 * RATE_LIMITED refusal (its meta.retryAfterSeconds becomes Retry-After).
 */
export async function limitRequest(principal: Principal | null, request: RequestInfo): Promise<LimitOutcome> {
  const limits = rateLimits();
  const [family, key] = principal ? [limits.api, principalKey(principal)] : [limits.anonymous, ipKey(request.ipAddress)];
  const decision = await consumeAll(family.map((l) => [l, key] as const));
  if (!decision) return { headers: undefined, refusal: null };
  const headers = rateLimitHeaders(decision);
  if (decision.allowed) return { headers, refusal: null };
  const s = decision.retryAfterSeconds;
  return { headers, refusal: new DomainError("RATE_LIMITED", `Too many requests; try again in ${s} second${s === 1 ? "" : "s"}`, { retryAfterSeconds: s }) };
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
