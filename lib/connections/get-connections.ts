import { db } from "@/lib/db";
import type { Ctx } from "@/lib/api/context";
import { CONSOLE_QUOTA } from "@/lib/engines/console";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { iso } from "@/lib/users/schemas";
import { ConnectionsResponse } from "./schemas";
import { gscConnected } from "./status";

/**
 * GET connections: both engines' connection state for the dashboard. No per-property quota count is
 * stored yet (URL inspection through the console comes with the inspection scheduler), so the quota
 * reads 0 of 2,000 and no shared use. `revokedAt` falls back to an open `gsc_auth_revoked` group.
 */
export async function getConnections(ctx: Ctx, projectId: string): Promise<ConnectionsResponse> {
  const p = await getProjectOrThrow(ctx, projectId);
  const revokedIssue = p.gscConnectedAt && !p.gscRevokedAt
    ? await db.issue.findFirst({ where: { projectId: p.id, type: "gsc_auth_revoked", status: "open" }, select: { lastDetectedAt: true } })
    : null;
  return ConnectionsResponse.parse({
    gsc: {
      connected: gscConnected(p) && !revokedIssue, propertyUrl: p.gscPropertyUrl, connectedAt: iso(p.gscConnectedAt),
      revokedAt: iso(p.gscRevokedAt ?? revokedIssue?.lastDetectedAt ?? null),
      quotaUsedToday: 0, quotaLimit: CONSOLE_QUOTA.perDay, sharedQuotaDetected: false,
    },
    engineB: { connected: p.engineBConnectedAt !== null, connectedAt: iso(p.engineBConnectedAt), lastError: p.engineBLastError },
  });
}
