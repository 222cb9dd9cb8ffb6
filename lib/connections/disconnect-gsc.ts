import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { lockProjectStats } from "@/lib/issues/counters";
import { clearProjectIssue } from "@/lib/issues/detections";
import { forgetBacklog } from "./connected-engines";
import { getProjectOrThrow } from "@/lib/projects/internal";
import type { ConnectionStatus } from "./schemas";
import { statusSelect, toConnectionStatus } from "./status";

/**
 * DELETE gsc: forgets the refresh token, the property and gscConnectedAt (URLs keep their engineAState).
 * Idempotent; only a call that removed something is audited. With no connection left, an open
 * `gsc_auth_revoked` group has nothing to refer to and resolves.
 */
export async function disconnectGsc(ctx: OrgCtx, projectId: string, opts: { now?: Date } = {}): Promise<ConnectionStatus> {
  const now = opts.now ?? new Date();
  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getProjectOrThrow(ctx, projectId);
    await lockProjectStats(ctx, projectId);
    const { count } = await tx.project.updateMany({
      where: { id: current.id, organizationId: ctx.org.id, deletedAt: null, OR: [{ gscRefreshTokenEnc: { not: null } }, { gscConnectedAt: { not: null } }, { gscPropertyUrl: { not: null } }, { gscRevokedAt: { not: null } }] },
      data: { gscRefreshTokenEnc: null, gscPropertyUrl: null, gscConnectedAt: null, gscRevokedAt: null },
    });
    await clearProjectIssue(ctx, projectId, "gsc_auth_revoked", now);
    await tx.gscProperty.deleteMany({ where: { projectId: current.id } }); // pooled properties go with the grant
    if (count) {
      await forgetBacklog(ctx, current.id, "engineA");
      await recordAudit({
        ...auditActor(ctx), action: "project.gsc_disconnected", target: { type: "project", id: current.id },
        metadata: { propertyUrl: current.gscPropertyUrl, wasRevoked: current.gscRevokedAt !== null },
      }, ctx);
    }
    return tx.project.findUniqueOrThrow({ where: { id: current.id }, select: statusSelect });
  });
  return toConnectionStatus(row);
}
