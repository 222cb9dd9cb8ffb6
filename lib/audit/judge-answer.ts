import { STATUS_CODES } from "node:http";
import { judgeIndexability } from "./judge-indexability";
import { ALL_TYPES, HEALTH_TYPES } from "./outcome";
import type { PageRead } from "./read-page";
import { describeFailure } from "./describe-failure";
import type { AuditIssueType, AuditOutcome, FinalAnswer } from "./types";
import { detectWaf } from "./waf";

const CRAWL_BLOCKING = new Set([401, 403, 429]);

/** Outcome fields for a final answer: a challenge page, a 2xx page, or an error status. */
export function judgeAnswer(answer: FinalAnswer, page: PageRead, now: Date): Partial<AuditOutcome> {
  const { status, hops } = answer;
  const chain: AuditIssueType[] = hops.length > 1 ? ["redirect_chain"] : [];
  const common = { httpStatus: status, redirectHops: hops.length, redirectTarget: hops.length > 0 ? answer.finalUrl : null, hops };
  const ok = status >= 200 && status < 300;

  const vendor = detectWaf({ status, headers: answer.headers, body: page.sniff });
  if (vendor) {
    // The challenge hides the page: health and indexability are kept; only what the answer proves is decided.
    return {
      ...common,
      healthState: undefined,
      healthError: `waf_challenge: ${vendor}`,
      wafVendor: vendor,
      detected: ["waf_challenge_detected", ...chain],
      evaluated: ["waf_challenge_detected", "redirect_chain", "redirect_loop", "blocked_by_robots"],
    };
  }
  if (ok && page.failure && page.html) {
    // The head could not be read to its end: a noindex may have been missed, so nothing about indexing is decided.
    return {
      ...common,
      healthState: page.failure.kind === "timeout" ? "timeout" : "server_error",
      healthError: describeFailure(page.failure.toError(hops)),
      detected: ["server_error", ...chain],
      evaluated: [...HEALTH_TYPES, "blocked_by_robots"],
    };
  }
  if (ok) {
    const index = judgeIndexability(answer, page, now);
    return {
      ...common,
      ...index,
      healthState: hops.length > 0 ? "redirected" : "healthy",
      healthError: null,
      detected: [...index.detected, ...chain],
      evaluated: ALL_TYPES,
    };
  }

  const healthError = `http: ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ""}`;
  const broken = status >= 400 && status < 500 && !CRAWL_BLOCKING.has(status);
  const detected: AuditIssueType[] = [...chain];
  if (broken) detected.push("broken_link");
  if (CRAWL_BLOCKING.has(status)) detected.push("crawl_blocked");
  if (status >= 500) detected.push("server_error");
  const healthState = status >= 500 ? "server_error" : "client_error";
  if (broken) {
    // A missing page is final: earlier noindex or canonical findings no longer apply.
    const xRobotsTag = answer.headers["x-robots-tag"]?.trim() || null;
    return { ...common, healthState, healthError, canonicalUrl: null, metaRobots: null, xRobotsTag, detected, evaluated: ALL_TYPES };
  }
  return { ...common, healthState, healthError, detected, evaluated: [...HEALTH_TYPES, "blocked_by_robots"] };
}
