import type { z } from "zod";
import { dbOf, Prisma, uuidArray, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { priorityOf } from "./priority-of";
import { SetUrlPriorityResponse, type setUrlPriorityBody } from "./schemas";
import { selectionForAudit, selectUrls } from "./select-urls";

/**
 * Sets the priority of URLs of the project by hand (ids, or everything the list's filters match): the project's
 * priority rules leave them alone from then on. `null` hands them back to the rules, which give them theirs at once.
 * One transaction, one audit entry.
 */
export async function setUrlPriority({ ctx, projectId, input }: { ctx: OrgCtx; projectId: string; input: z.infer<typeof setUrlPriorityBody> }) {
  return withTransaction(ctx, async (c) => {
    const project = await getProjectOrThrow(c, projectId);
    const db = dbOf(c);
    const { ids, unknown } = await selectUrls(c, project.id, input);
    const value = input.priority === null ? priorityOf(project.id, Prisma.sql`t.url`) : Prisma.sql`${input.priority}::"UrlPriority"`;
    const updated = ids.length === 0 ? 0 : await db.$executeRaw(Prisma.sql`
      UPDATE tracked_urls t SET priority = ${value}, priority_set_by_hand = ${input.priority !== null}, updated_at = now()
      WHERE t.project_id = ${project.id}::uuid AND t.id = ANY(${uuidArray(ids)})`);
    const result = SetUrlPriorityResponse.parse({ updated, unknown });
    await recordAudit({
      ...auditActor(c), action: "project.updated", target: { type: "project", id: project.id },
      metadata: { change: "urls.priority_set", priority: input.priority, ...result, selection: selectionForAudit(input) },
    }, c);
    return result;
  });
}
