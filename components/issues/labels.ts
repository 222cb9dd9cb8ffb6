import type { BadgeTone } from "@/components/ui/badge";
import type { IssueSeverity, IssueStatus } from "@/lib/queries/issues";

/** What reported an issue group (its metadata `source`), in words: the engines by their names. */
export const ISSUE_SOURCE_LABELS: Record<string, string> = {
  engineA: "Google Search Console", engineB: "Bing Webmaster Tools", engines: "Google and Bing", audit: "IndexWatch's audit",
};
/** The metadata keys a group keeps from its first detection, in words (an unknown key shows as it is). */
export const ISSUE_METADATA_LABELS: Record<string, string> = {
  source: "Reported by", propertyUrl: "Search Console property", revokedAt: "Revoked at", sitemaps: "Sitemaps", count: "Count",
  responseCode: "IndexNow answer (HTTP)", keyLocation: "Key file",
};

export const SEVERITY_ORDER: readonly IssueSeverity[] = ["critical", "warning", "info"];
export const SEVERITY_LABELS: Record<IssueSeverity, string> = { critical: "Critical", warning: "Warning", info: "Info" };
export const SEVERITY_TONE: Record<IssueSeverity, BadgeTone> = { critical: "danger", warning: "warning", info: "info" };

export const STATUS_LABELS: Record<IssueStatus, string> = { open: "Open", resolved: "Resolved", ignored: "Ignored" };
export const STATUS_TONE: Record<IssueStatus, BadgeTone> = { open: "danger", resolved: "success", ignored: "neutral" };
