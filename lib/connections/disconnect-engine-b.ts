import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { forgetBacklog } from "./connected-engines";
import { getProjectOrThrow } from "@/lib/projects/internal";
import type { ConnectionStatus } from "./schemas";
import { statusSelect, toConnectionStatus } from "./status";

/** DELETE engineB: forgets the key and engineBConnectedAt (URLs keep their engineBState). Idempotent; audited when something was removed. */
export async function disconnectEngineB(ctx: OrgCtx, projectId: string): Promise<ConnectionStatus> {
  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getProjectOrThrow(ctx, projectId);
    const { count } = await tx.project.updateMany({
      where: { id: current.id, organizationId: ctx.org.id, deletedAt: null, OR: [{ engineBApiKeyEnc: { not: null } }, { engineBConnectedAt: { not: null } }] },
      data: { engineBApiKeyEnc: null, engineBConnectedAt: null, engineBSiteUrl: null, engineBLastError: null },
    });
    if (count) {
      await forgetBacklog(ctx, current.id, "engineB");
      await recordAudit({
        ...auditActor(ctx), action: "project.engineb_disconnected", target: { type: "project", id: current.id },
        metadata: { siteUrl: current.engineBSiteUrl },
      }, ctx);
    }
    return tx.project.findUniqueOrThrow({ where: { id: current.id }, select: statusSelect });
  });
  return toConnectionStatus(row);
}
