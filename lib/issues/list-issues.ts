import { db, type Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { issueInclude, toIssueResponse } from "./internal";
import type { ListIssuesQuery } from "./schemas";

/** A page of the project's issue groups: critical first, then most affected URLs, then id; exact total. */
export async function listIssues(ctx: OrgCtx, projectId: string, query: ListIssuesQuery) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { offset, limit, type, severity, status } = query;
  const where: Prisma.IssueWhereInput = { projectId: project.id, organizationId: project.organizationId, type, severity, status };
  const total = await db.issue.count({ where });
  const rows = offset >= total ? [] : await db.issue.findMany({
    where, skip: offset, take: limit, include: issueInclude,
    orderBy: [{ severityRank: "desc" }, { affectedUrlCount: "desc" }, { id: "asc" }],
  });
  return { data: rows.map(toIssueResponse), meta: pageMeta(total, query) };
}
