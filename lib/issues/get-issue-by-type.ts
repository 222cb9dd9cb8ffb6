import type { OrgCtx } from "@/lib/core/context";
import { dbOf } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { issueInclude, toIssueResponse } from "./internal";
import type { IssueResponse } from "./schemas";

/** The project's group of one type (a project has at most one per type), or null. */
export async function getIssueByType(ctx: OrgCtx, projectId: string, type: IssueResponse["type"]): Promise<IssueResponse | null> {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await dbOf(ctx).issue.findFirst({ where: { projectId: project.id, organizationId: ctx.org.id, type }, include: issueInclude });
  return row ? toIssueResponse(row) : null;
}
