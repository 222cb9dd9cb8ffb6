import { dbOf, Prisma, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getPriorities } from "./get-priorities";
import { priorityOf } from "@/lib/urls/priority-of";
import type { PrioritiesBody, PrioritiesResponse } from "./schemas";

/**
 * Replaces the project's priority rules and gives every tracked URL the priority they now say (null where
 * none matches), in one transaction: the rules and the URLs never disagree, but for URLs whose priority was set by
 * hand (lib/urls/set-url-priority.ts), which keep it. New URLs take theirs as they
 * are inserted (insert-tracked-urls.ts).
 */
export async function setPriorities(ctx: OrgCtx, projectId: string, body: PrioritiesBody): Promise<PrioritiesResponse> {
  return withTransaction(ctx, async (ctx) => {
    const project = await getProjectOrThrow(ctx, projectId);
    const db = dbOf(ctx);
    await db.urlPriorityRule.deleteMany({ where: { projectId: project.id } });
    if (body.rules.length) await db.urlPriorityRule.createMany({ data: body.rules.map((r) => ({ projectId: project.id, ...r })) });
    await db.$executeRaw(Prisma.sql`
      UPDATE tracked_urls t SET priority = p.priority, updated_at = now()
      FROM (SELECT id, ${priorityOf(project.id, Prisma.sql`u.url`)} AS priority FROM tracked_urls u WHERE u.project_id = ${project.id}::uuid) p
      WHERE t.id = p.id AND t.project_id = ${project.id}::uuid AND NOT t.priority_set_by_hand AND t.priority IS DISTINCT FROM p.priority`);
    return getPriorities(ctx, project.id);
  });
}
