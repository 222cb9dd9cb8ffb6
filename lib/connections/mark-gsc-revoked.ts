import type { OrgCtx } from "@/lib/core/context";
import { dbOf } from "@/lib/db";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { lockProjectStats } from "@/lib/issues/counters";
import { detectProjectIssue } from "@/lib/issues/detections";

/**
 * For the inspection run that got `invalid_grant` on a token refresh (pass its transaction): the dead
 * token is deleted (never retried), gscRevokedAt set, `gsc_auth_revoked` raised and `project.gsc_revoked`
 * audited. gscConnectedAt and the property stay (the ownership proof was made; DELETE gsc clears them)
 * until a new connection. Only the first call for a grant does anything; answers whether it was that one.
 */
export async function markGscRevoked(ctx: OrgCtx, projectId: string, now: Date): Promise<boolean> {
  const tx = dbOf(ctx);
  await lockProjectStats(ctx, projectId); // issue writers lock the stats row before the project row
  const { count } = await tx.project.updateMany({
    where: { id: projectId, organizationId: ctx.org.id, gscConnectedAt: { not: null }, gscRevokedAt: null },
    data: { gscRefreshTokenEnc: null, gscRevokedAt: now },
  });
  if (!count) return false;
  const project = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { gscPropertyUrl: true } });
  await detectProjectIssue(ctx, projectId, "gsc_auth_revoked", { propertyUrl: project.gscPropertyUrl, revokedAt: now.toISOString() }, now);
  await recordAudit({
    action: "project.gsc_revoked", organizationId: ctx.org.id, target: { type: "project", id: projectId },
    metadata: { propertyUrl: project.gscPropertyUrl, reason: "invalid_grant" },
  }, ctx);
  return true;
}
