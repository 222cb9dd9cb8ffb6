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

export const updateIssueBody = z.strictObject({ status: z.enum(ISSUE_STATUSES) });

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

/** GET …/urls/{urlId}/issues: an open membership of the URL with the group it belongs to. */
export const UrlIssueResponse = IssueUrlMembershipResponse.extend({
  issue: z.object({ id: z.uuid(), type: z.enum(ISSUE_TYPES), severity: z.enum(ISSUE_SEVERITIES), status: z.enum(ISSUE_STATUSES) }),
});
export type UrlIssueResponse = z.infer<typeof UrlIssueResponse>;
