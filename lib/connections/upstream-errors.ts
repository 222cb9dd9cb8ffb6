import { DomainError } from "@/lib/core/errors";
import type { NotOk } from "@/lib/engines/outcome";

// Engine outcomes that are not `ok`, as the API answers them. Outcome messages are already free of
// secrets (the clients scrub them); they are logged, and clients get our own words plus a reason.
type Engine = "gsc" | "engineB";
const NAMES: Record<Engine, string> = { gsc: "Google Search Console", engineB: "Bing Webmaster Tools" };

/** 502 UPSTREAM_ERROR; a throttle or quota answer carries Retry-After and meta.retryAfterSeconds. */
export function upstreamError(engine: Engine, outcome: NotOk, now = new Date()): DomainError {
  console.warn(`[connections] ${outcome.message}`);
  if (outcome.kind === "quota") {
    const retryAfterSeconds = Math.max(1, Math.ceil((outcome.retryAt.getTime() - now.getTime()) / 1000));
    return new DomainError("UPSTREAM_ERROR", `${NAMES[engine]} is throttling requests: try again in ${retryAfterSeconds} seconds`,
      { engine, reason: "throttled", retryAfterSeconds });
  }
  const reason = outcome.kind === "transient" ? outcome.code : `${outcome.kind}:${outcome.code}`;
  const retryAfter = outcome.kind === "transient" && outcome.retryAfterMs ? { retryAfterSeconds: Math.ceil(outcome.retryAfterMs / 1000) } : {};
  return new DomainError("UPSTREAM_ERROR", `${NAMES[engine]} could not be used right now (${describe(outcome)}). Try again later.`, { engine, reason, ...retryAfter });
}

function describe(outcome: NotOk): string {
  if (outcome.kind === "transient") {
    if (outcome.code === "network") return "it could not be reached";
    if (outcome.code === "timeout") return "it did not answer in time";
    if (outcome.code === "malformed_answer") return "it answered in an unexpected shape";
    if (outcome.status) return `it answered HTTP ${outcome.status}`;
  }
  return "it refused the request";
}
