import type { SafeFetchError } from "@/lib/net/safe-fetch";
import { describeFailure } from "./describe-failure";
import { ALL_TYPES, HEALTH_TYPES } from "./outcome";
import type { AuditIssueType, AuditOutcome } from "./types";

/**
 * Outcome fields for a fetch that produced no final answer. Redirect failures (a loop, more than
 * 10 hops, a bad Location) are the site's configuration: client_error, and final, so every type is
 * decided. Transport failures (DNS, connection, TLS, deadline, SSRF guard) are server_error (a
 * deadline: timeout) and open a server_error issue; they may pass, so noindex and canonical findings are kept.
 */
export function judgeFailure(error: SafeFetchError): Partial<AuditOutcome> {
  const hops = error.hops;
  const chain: AuditIssueType[] = hops.length > 1 ? ["redirect_chain"] : [];
  const common = { httpStatus: null, redirectHops: hops.length, hops, healthError: describeFailure(error), indexability: "unknown" as const };

  if (error.kind === "redirect_loop" || error.kind === "too_many_redirects" || error.kind === "invalid_url") {
    const detected: AuditIssueType[] = error.kind === "redirect_loop" ? ["redirect_loop"] : error.kind === "too_many_redirects" ? ["redirect_chain"] : chain;
    return {
      ...common,
      healthState: "client_error",
      redirectTarget: null,
      canonicalUrl: null,
      metaRobots: null,
      xRobotsTag: null,
      detected,
      evaluated: ALL_TYPES,
    };
  }
  return {
    ...common,
    healthState: error.kind === "timeout" ? "timeout" : "server_error",
    redirectTarget: hops.length > 0 ? error.url : null,
    detected: ["server_error", ...chain],
    evaluated: [...HEALTH_TYPES, "blocked_by_robots"],
  };
}
