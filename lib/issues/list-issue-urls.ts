import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getIssueOrThrow, toMembershipResponse } from "./internal";

const order = [{ detectedAt: "desc" as const }, { id: "asc" as const }];

/**
 * A page of a group's URL memberships: open ones (resolvedAt null) first, each part by detectedAt
 * descending then id. The two parts are read separately so each walks the (issue_id, resolved_at,
 * detected_at) index instead of sorting every membership of the group.
 */
export async function listIssueUrls(ctx: OrgCtx, projectId: string, issueId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const issue = await getIssueOrThrow(ctx, project.id, issueId);
  const open = await db.issueUrlMembership.count({ where: { issueId: issue.id, resolvedAt: null } });
  const resolved = await db.issueUrlMembership.count({ where: { issueId: issue.id, resolvedAt: { not: null } } });
  const { offset, limit } = page;
  const rows = offset < open
    ? await db.issueUrlMembership.findMany({ where: { issueId: issue.id, resolvedAt: null }, orderBy: order, skip: offset, take: limit })
    : [];
  const rest = limit - rows.length;
  if (rest > 0 && offset + rows.length < open + resolved) {
    rows.push(...await db.issueUrlMembership.findMany({
      where: { issueId: issue.id, resolvedAt: { not: null } }, orderBy: order, skip: Math.max(0, offset - open), take: rest,
    }));
  }
  return { data: rows.map(toMembershipResponse), meta: pageMeta(open + resolved, page) };
}
