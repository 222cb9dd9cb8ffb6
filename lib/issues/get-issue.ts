import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getIssueOrThrow, toIssueResponse } from "./internal";

export async function getIssue(ctx: OrgCtx, projectId: string, issueId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  return toIssueResponse(await getIssueOrThrow(ctx, project.id, issueId));
}
