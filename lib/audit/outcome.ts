import { AUDIT_ISSUE_TYPES, type AuditIssueType, type AuditOutcome, type PageFields } from "./types";
import { CAPS, clean, cleanOrNull } from "./sanitize";

export const HEALTH_TYPES: AuditIssueType[] = ["broken_link", "server_error", "crawl_blocked", "redirect_chain", "redirect_loop", "waf_challenge_detected"];
export const INDEX_TYPES: AuditIssueType[] = ["has_noindex", "canonical_mismatch"];
export const ALL_TYPES: AuditIssueType[] = [...AUDIT_ISSUE_TYPES];

/** An outcome that knows nothing yet: every stored field is kept. */
export function emptyOutcome(url: string, checkedAt: Date): AuditOutcome {
  return {
    url,
    checkedAt,
    fetched: false,
    healthState: undefined,
    httpStatus: undefined,
    redirectHops: undefined,
    redirectTarget: undefined,
    healthError: undefined,
    hops: [],
    indexability: "unknown",
    canonicalUrl: undefined,
    metaRobots: undefined,
    xRobotsTag: undefined,
    robots: null,
    wafVendor: null,
    detected: [],
    evaluated: [],
    durationMs: 0,
  };
}

const keep = <T extends string | null | undefined>(value: T, max: number): T => (typeof value === "string" ? (clean(value, max) as T) : value);

/** Orders and deduplicates the issue lists, checks detected ⊆ evaluated, and sanitizes every string. */
export function finalize(outcome: AuditOutcome, startedAt: number): AuditOutcome {
  const order = (types: AuditIssueType[]) => AUDIT_ISSUE_TYPES.filter((t) => types.includes(t));
  const evaluated = order([...outcome.evaluated, ...outcome.detected]);
  const robots = outcome.robots && {
    ...outcome.robots,
    robotsUrl: clean(outcome.robots.robotsUrl, CAPS.url),
    rule: outcome.robots.rule && { ...outcome.robots.rule, value: clean(outcome.robots.rule.value, CAPS.ruleValue) },
  };
  return {
    ...outcome,
    url: outcome.url.replaceAll("\u0000", ""),
    redirectTarget: keep(outcome.redirectTarget, CAPS.url),
    healthError: keep(outcome.healthError, CAPS.error),
    hops: outcome.hops.map((h) => ({ url: clean(h.url, CAPS.url), status: h.status })),
    canonicalUrl: keep(outcome.canonicalUrl, CAPS.url),
    metaRobots: keep(outcome.metaRobots, CAPS.directives),
    xRobotsTag: keep(outcome.xRobotsTag, CAPS.directives),
    robots,
    wafVendor: cleanOrNull(outcome.wafVendor, CAPS.vendor),
    detected: order(outcome.detected),
    evaluated,
    fields: outcome.fields && cleanFields(outcome.fields),
    durationMs: Math.max(0, Math.round(performance.now() - startedAt)),
  };
}

/** NUL bytes never reach the database; each text is capped (the field history bounds them further). */
function cleanFields(f: PageFields): PageFields {
  const text = (v: string | null) => (v === null ? null : clean(v, CAPS.pageText));
  return {
    ...f,
    title: text(f.title),
    metaDescription: text(f.metaDescription),
    h1: text(f.h1),
    hreflang: f.hreflang.map((h) => clean(h, CAPS.url)),
    structuredDataTypes: f.structuredDataTypes.map((t) => clean(t, CAPS.dataType)),
  };
}
