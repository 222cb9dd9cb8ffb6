import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { toProjectResponse } from "./internal";

/**
 * Soft delete: paused, deletedAt set and liveDomain cleared, which frees the domain. Idempotent:
 * a project that is already deleted is answered as it is, so this lookup includes deleted ones.
 */
export async function deleteProject(ctx: OrgCtx, id: string, now = new Date()) {
  const organizationId = ctx.org.id;
  const project = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const { count } = await tx.project.updateMany({
      where: { id, organizationId, deletedAt: null },
      data: { status: "paused", deletedAt: now, liveDomain: null },
    });
    const row = await tx.project.findFirst({ where: { id, organizationId } });
    if (!row) throw new DomainError("NOT_FOUND", "Project not found");
    if (count) {
      await recordAudit({ ...auditActor(ctx), action: "project.deleted", target: { type: "project", id: row.id }, metadata: { domain: row.domain, name: row.name } }, ctx);
    }
    return row;
  });
  return toProjectResponse(project);
}
