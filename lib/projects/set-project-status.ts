import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import type { projectStatusBody } from "./schemas";
import { getProjectOrThrow, toProjectResponse } from "./internal";

/**
 * Pauses or resumes a project; a paused project keeps its slot. One conditional UPDATE decides
 * whether the status changes, so concurrent identical requests audit the transition once.
 */
export async function setProjectStatus({ ctx, id, input }: { ctx: OrgCtx; id: string; input: z.infer<typeof projectStatusBody> }) {
  const organizationId = ctx.org.id;
  const project = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const { count } = await tx.project.updateMany({
      where: { id, organizationId, deletedAt: null, status: { not: input.status } },
      data: { status: input.status },
    });
    const row = await getProjectOrThrow(ctx, id);
    if (count) {
      const action = input.status === "paused" ? "project.paused" : "project.resumed";
      const from = input.status === "paused" ? "active" : "paused";
      await recordAudit({ ...auditActor(ctx), action, target: { type: "project", id: row.id }, metadata: { from, to: input.status } }, ctx);
    }
    return row;
  });
  return toProjectResponse(project);
}
