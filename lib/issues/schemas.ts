import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { projectParams } from "@/lib/projects/schemas";

// SPEC.md Issue enumerations (they mirror the database enums).
export const ISSUE_TYPES = [
  "broken_link", "server_error", "redirect_chain", "redirect_loop", "waf_challenge_detected", "crawl_blocked",
  "sitemap_unreachable", "sitemap_parse_error", "stale_missing_from_sitemap", "sitemap_missing", "blocked_by_robots",
  "has_noindex", "canonical_mismatch", "discovered_not_indexed", "crawled_not_indexed", "dropped_from_index",
  "indexnow_key_invalid", "gsc_auth_revoked", "crawler_blocked", "removal_stuck",
  "rendered_noindex", "rendered_canonical_mismatch", "js_only_content", "render_blocked_resources", "render_failed",
  "robots_txt_blocks_important", "robots_txt_unreachable", "certificate_expiring", "duplicate_content", "soft_404_suspect",
  "orphan_page", "broken_internal_link",
] as const;
export const ISSUE_SEVERITIES = ["critical", "warning", "info"] as const;
export const ISSUE_STATUSES = ["open", "resolved", "ignored"] as const;

/** SPEC.md Limits: sample URLs per issue. */
export const SAMPLE_URLS = 10;

export const issueParams = projectParams.extend({ issueId: uuidParam });

const filter = <T extends z.ZodType>(schema: T, description: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional()).describe(description);

export const listIssuesQuery = paginationQuery.extend({
  type: filter(z.enum(ISSUE_TYPES), "Only the group of this type"),
  severity: filter(z.enum(ISSUE_SEVERITIES), "Only groups of this severity"),
  status: filter(z.enum(ISSUE_STATUSES), "Only groups in this status"),
});
export type ListIssuesQuery = z.infer<typeof listIssuesQuery>;

/** The longest note an ignore keeps. */
export const IGNORE_NOTE_MAX = 1000;

export const updateIssueBody = z.strictObject({
  status: z.enum(ISSUE_STATUSES),
  note: z.string().max(IGNORE_NOTE_MAX).optional()
    .describe("With `ignored` only: why the type is ignored (at most 1,000 characters; blank keeps no note). Shown with the group and audited"),
});
export type UpdateIssueBody = z.infer<typeof updateIssueBody>;

const at = z.iso.datetime();
export const IssueResponse = z.object({
  id: z.uuid(), organizationId: z.uuid(), projectId: z.uuid(),
  type: z.enum(ISSUE_TYPES),
  severity: z.enum(ISSUE_SEVERITIES),
  status: z.enum(ISSUE_STATUSES),
  affectedUrlCount: z.number().int().min(0).describe("Open memberships (resolvedAt null); 0 for project-level types"),
  sampleUrls: z.array(z.string()).max(SAMPLE_URLS).describe("Up to 10 currently affected URLs, most recently detected first"),
  firstDetectedAt: at, lastDetectedAt: at,
  resolvedAt: at.nullable().describe("Null when open or ignored"),
  metadata: z.record(z.string(), z.unknown()).describe("Snapshot taken at first detection; never changes afterwards"),
  ignoreNote: z.string().nullable().describe("The note given when the group was last ignored (null: none)"),
  ignoredAt: at.nullable().describe("When the group was last ignored"),
  ignoredBy: z.object({ userId: z.uuid(), email: z.string().nullable() }).nullable()
    .describe("Who last ignored the group (null when never, or by a job); email null once the person's account is gone"),
  createdAt: at, updatedAt: at,
});
export type IssueResponse = z.infer<typeof IssueResponse>;

export const IssueUrlMembershipResponse = z.object({
  id: z.uuid(), organizationId: z.uuid(), issueId: z.uuid(), trackedUrlId: z.uuid(),
  url: z.string(),
  detectedAt: at.describe("When this URL (re)entered the group"),
  resolvedAt: at.nullable().describe("Null means currently affected"),
  createdAt: at, updatedAt: at,
});
export type IssueUrlMembershipResponse = z.infer<typeof IssueUrlMembershipResponse>;

const nullableString = z.string().nullable();
/** What the URL looks like now, from its columns and its last audit: the evidence behind its membership. */
export const IssueUrlEvidence = z.object({
  healthState: z.enum(["unknown", "healthy", "redirected", "client_error", "server_error", "timeout"]),
  httpStatus: z.number().int().nullable().describe("Status of the final answer after redirects"),
  healthError: nullableString.describe("Why the last check got no answer (DNS, TLS, timeout…)"),
  redirectTarget: nullableString.describe("Where the redirects end"),
  redirectHops: z.number().int().nullable(),
  redirectChain: z.array(z.object({ url: z.string(), status: z.number().int() })).nullable()
    .describe("Every redirect answer of the last audit in order (each URL that redirected and its status); null when never audited"),
  canonicalUrl: nullableString.describe("Where the page's canonical points"),
  indexability: z.enum(["unknown", "indexable", "noindex", "canonicalized", "blocked_by_robots"]),
  metaRobots: nullableString, xRobotsTag: nullableString,
  robotsRule: z.object({ line: z.number().int(), directive: z.enum(["allow", "disallow"]), value: z.string() }).nullable()
    .describe("The robots.txt rule that blocked the URL at the last audit"),
  wafVendor: nullableString.describe("A bot challenge (WAF) seen at the last audit"),
  engineAState: z.string().describe("Google's index state (engineAState)"),
  engineBState: z.string().describe("Bing's index state (engineBState)"),
  lastAuditAt: at.nullable(),
  lastSeenInSitemapAt: at.nullable().describe("When a sitemap last listed the URL"),
});
export type IssueUrlEvidence = z.infer<typeof IssueUrlEvidence>;

/** GET …/issues/{issueId}/urls: a membership with the evidence of its URL. */
export const IssueUrlResponse = IssueUrlMembershipResponse.extend({
  evidence: IssueUrlEvidence.nullable().describe("The URL's status, redirect chain, canonical and index states now (null when the URL is gone)"),
});
export type IssueUrlResponse = z.infer<typeof IssueUrlResponse>;

/** GET …/urls/{urlId}/issues: an open membership of the URL with the group it belongs to. */
export const UrlIssueResponse = IssueUrlMembershipResponse.extend({
  issue: z.object({ id: z.uuid(), type: z.enum(ISSUE_TYPES), severity: z.enum(ISSUE_SEVERITIES), status: z.enum(ISSUE_STATUSES) }),
});
export type UrlIssueResponse = z.infer<typeof UrlIssueResponse>;
