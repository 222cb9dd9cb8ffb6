import type { HealthState, Indexability, IssueType } from "@/lib/db";
import type { Hop } from "@/lib/net/safe-fetch";
import type { RobotsRuleRef } from "@/lib/robots";
import type { PageFields } from "./page-fields";

export type { PageFields };

export type { RobotsRuleRef };

/** The URL-level issue types an audit decides about (lib/audit owns them; engines own the others). */
export const AUDIT_ISSUE_TYPES = [
  "broken_link",
  "server_error",
  "crawl_blocked",
  "redirect_chain",
  "redirect_loop",
  "waf_challenge_detected",
  "blocked_by_robots",
  "has_noindex",
  "canonical_mismatch",
] as const satisfies readonly IssueType[];
export type AuditIssueType = (typeof AUDIT_ISSUE_TYPES)[number];

/** The answer a URL's fetch ended on, after its redirects: what the judges read. */
export interface FinalAnswer {
  status: number;
  headers: Record<string, string>;
  finalUrl: string;
  hops: Hop[];
}

export interface AuditHop {
  url: string;
  status: number;
}

export interface AuditRobots {
  robotsUrl: string;
  /** Status of robots.txt after its redirects, or "unreachable" (DNS, connection, TLS, timeout, blocked). */
  status: number | "unreachable";
  /** Engines whose crawler may not fetch the URL (empty when both may). */
  blockedFor: ("engineA" | "engineB")[];
  /** The rule that blocked (the first blocked engine's), null when allowed or when the whole file decided (5xx). */
  rule: RobotsRuleRef | null;
}

/**
 * What one audit saw. Fields set to `undefined` mean "this audit could not tell; keep what is stored"
 * (a WAF challenge keeps the previous healthState; a URL blocked by robots.txt is not fetched, so its
 * health fields are kept). `null` means "known to be absent".
 */
export interface AuditOutcome {
  url: string;
  checkedAt: Date;
  /** False when no request was sent for the URL itself (blocked by robots.txt, robots.txt 5xx, userinfo, bad port). */
  fetched: boolean;
  healthState: HealthState | undefined;
  httpStatus: number | null | undefined;
  /** Redirects followed (0 when the first answer was final). */
  redirectHops: number | null | undefined;
  /** Final URL after redirects; null when there was no redirect. */
  redirectTarget: string | null | undefined;
  healthError: string | null | undefined;
  /** Every redirect answer in order (for history and the URL detail). */
  hops: AuditHop[];
  indexability: Indexability;
  canonicalUrl: string | null | undefined;
  metaRobots: string | null | undefined;
  xRobotsTag: string | null | undefined;
  robots: AuditRobots | null;
  /** Vendor of a recognised WAF / bot challenge ("cloudflare", "akamai", …), else null. */
  wafVendor: string | null;
  /** URL-level issue types present now. */
  detected: AuditIssueType[];
  /** Types this audit decided about: those evaluated but not detected are cleared; the rest are left as they are. */
  evaluated: AuditIssueType[];
  /** Milliseconds from the first request to the end (robots.txt wait and crawl delay included). */
  durationMs: number;
  /** Title, description, h1, hreflang, JSON-LD types, main text, internal links: only for a 2xx HTML page read whole (else undefined: kept). */
  fields?: PageFields;
}
