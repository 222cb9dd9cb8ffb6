import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { forgetBacklog } from "./connected-engines";
import { getProjectOrThrow, orgIdOrThrow } from "@/lib/projects/internal";
import type { ConnectionStatus } from "./schemas";
import { statusSelect, toConnectionStatus } from "./status";

/** DELETE engineB: forgets the key and engineBConnectedAt (URLs keep their engineBState). Idempotent; audited when something was removed. */
export async function disconnectEngineB(ctx: Ctx, projectId: string): Promise<ConnectionStatus> {
  const row = await db.$transaction(async (tx) => {
    const current = await getProjectOrThrow(ctx, projectId, tx);
    const { count } = await tx.project.updateMany({
      where: { id: current.id, organizationId: orgIdOrThrow(ctx), deletedAt: null, OR: [{ engineBApiKeyEnc: { not: null } }, { engineBConnectedAt: { not: null } }] },
      data: { engineBApiKeyEnc: null, engineBConnectedAt: null, engineBSiteUrl: null, engineBLastError: null },
    });
    if (count) {
      await forgetBacklog(tx, current.id, "engineB");
      await recordAudit({
        ...auditActor(ctx), action: "project.engineb_disconnected", target: { type: "project", id: current.id },
        metadata: { siteUrl: current.engineBSiteUrl },
      }, tx);
    }
    return tx.project.findUniqueOrThrow({ where: { id: current.id }, select: statusSelect });
  });
  return toConnectionStatus(row);
}
