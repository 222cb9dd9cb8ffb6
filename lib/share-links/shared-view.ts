import { systemCtx, type OrgCtx } from "@/lib/core/context";
import { getIssueByType } from "@/lib/issues/get-issue-by-type";
import { listIssueUrls } from "@/lib/issues/list-issue-urls";
import { listIssues } from "@/lib/issues/list-issues";
import type { IssueResponse, IssueUrlResponse } from "@/lib/issues/schemas";
import { indexingMetrics } from "@/lib/metrics/time-to-index";
import { listSnapshots } from "@/lib/snapshots/list-snapshots";
import type { WebsiteSnapshotResponse } from "@/lib/snapshots/schemas";
import { getStats } from "@/lib/stats/get-stats";
import type { SharedProject } from "./resolve-share-link";
import { SHARED_SCOPE } from "./scope";

// What a share link's pages show, read through the same verbs as the dashboard (as a system actor of the link's
// organization, for the link's project only) and stripped of every id: the organization, project, issue, URL and
// snapshot ids are replaced by SHARED_SCOPE or the issue type, so nothing on the page names anything elsewhere.

export const SHARED_TOP_ISSUES = 5;
export const SHARED_ISSUE_URLS = 100;
const SHARED_RESOLVED_ISSUES = 20;

const ctxOf = (s: SharedProject): OrgCtx => systemCtx("share-link", { id: s.organizationId, role: "member" });
const anon = { organizationId: SHARED_SCOPE, projectId: SHARED_SCOPE };

/** An issue group as a shared view shows it: its type stands for its id (one group per type and project); no metadata. */
// Who ignored a group and their note are the team's business (a reopened group keeps them).
const anonIssue = (i: IssueResponse): IssueResponse => ({ ...i, ...anon, id: i.type, metadata: {}, ignoreNote: null, ignoredAt: null, ignoredBy: null });
const anonSnapshot = (s: WebsiteSnapshotResponse): WebsiteSnapshotResponse => ({ ...s, ...anon, id: s.date });
const anonMembership = (m: IssueUrlResponse, n: number): IssueUrlResponse =>
  ({ ...m, organizationId: SHARED_SCOPE, id: String(n), issueId: SHARED_SCOPE, trackedUrlId: SHARED_SCOPE });

/** The overview: live counters, the top open issues, the daily snapshots and time to index over `days`. */
export async function sharedOverview(s: SharedProject, days: number, now = new Date()) {
  const ctx = ctxOf(s);
  const [stats, top, snapshots, ttiTotal, ttiPrefixes] = await Promise.all([
    getStats(ctx, s.projectId),
    listIssues(ctx, s.projectId, { status: "open", offset: 0, limit: SHARED_TOP_ISSUES }),
    listSnapshots(ctx, s.projectId, days, now),
    indexingMetrics(ctx, s.projectId, { days, groupBy: "none", depth: 1 }, now),
    indexingMetrics(ctx, s.projectId, { days, groupBy: "pathPrefix", depth: 1 }, now),
  ]);
  return {
    stats: { ...stats, ...anon, id: null, lastReconciledAt: null, createdAt: null, updatedAt: null },
    topIssues: { data: top.data.map(anonIssue), total: top.meta.total },
    snapshots: snapshots.map(anonSnapshot),
    timeToIndex: { none: ttiTotal, pathPrefix: ttiPrefixes },
  };
}

/** The issues page: open groups (every one) and the most severe resolved ones. Ignored groups are the team's business. */
export async function sharedIssues(s: SharedProject) {
  const ctx = ctxOf(s);
  const [open, resolved] = await Promise.all([
    listIssues(ctx, s.projectId, { status: "open", offset: 0, limit: 100 }),
    listIssues(ctx, s.projectId, { status: "resolved", offset: 0, limit: SHARED_RESOLVED_ISSUES }),
  ]);
  return { open: open.data.map(anonIssue), resolved: resolved.data.map(anonIssue), resolvedTotal: resolved.meta.total };
}

/** One open or resolved group by type, with its first URLs (affected ones first); null when there is none to show. */
export async function sharedIssue(s: SharedProject, type: IssueResponse["type"]) {
  const ctx = ctxOf(s);
  const issue = await getIssueByType(ctx, s.projectId, type);
  if (!issue || issue.status === "ignored") return null;
  const urls = await listIssueUrls(ctx, s.projectId, issue.id, { offset: 0, limit: SHARED_ISSUE_URLS });
  return { issue: anonIssue(issue), urls: urls.data.map(anonMembership), total: urls.meta.total };
}
