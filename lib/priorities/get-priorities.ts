import { dbOf } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import type { PrioritiesResponse } from "./schemas";

/** The project's priority rules, longest prefix first (the order they are matched in). */
export async function getPriorities(ctx: OrgCtx, projectId: string): Promise<PrioritiesResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const rules = await dbOf(ctx).urlPriorityRule.findMany({ where: { projectId: project.id }, select: { pathPrefix: true, priority: true } });
  rules.sort((a, b) => b.pathPrefix.length - a.pathPrefix.length || a.pathPrefix.localeCompare(b.pathPrefix));
  return { rules };
}
