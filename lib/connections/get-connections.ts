import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { gscQuota } from "@/lib/engines/gsc";
import { quotaToday } from "./quota-store";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { iso } from "@/lib/core/iso";
import { ConnectionsResponse } from "./schemas";
import { gscConnected } from "./status";

/**
 * GET connections: both engines' connection state for the dashboard, with the gsc quota of the
 * property today (our own count, Pacific day) and whether another tool was seen spending the same
 * property's quota today, and how much of it. `revokedAt` falls back to an open `gsc_auth_revoked` group.
 */
export async function getConnections(ctx: OrgCtx, projectId: string): Promise<ConnectionsResponse> {
  const p = await getProjectOrThrow(ctx, projectId);
  const revokedIssue = p.gscConnectedAt && !p.gscRevokedAt
    ? await db.issue.findFirst({ where: { projectId: p.id, type: "gsc_auth_revoked", status: "open" }, select: { lastDetectedAt: true } })
    : null;
  const limits = gscQuota();
  const quota = p.gscPropertyUrl ? await quotaToday(p.gscPropertyUrl, new Date(), limits) : { used: 0, usedElsewhere: 0, limit: limits.perDay };
  return ConnectionsResponse.parse({
    gsc: {
      connected: gscConnected(p) && !revokedIssue, propertyUrl: p.gscPropertyUrl, connectedAt: iso(p.gscConnectedAt),
      revokedAt: iso(p.gscRevokedAt ?? revokedIssue?.lastDetectedAt ?? null),
      quotaUsedToday: quota.used, quotaLimit: quota.limit,
      sharedQuotaDetected: quota.usedElsewhere > 0, quotaUsedElsewhereToday: quota.usedElsewhere,
    },
    engineB: { connected: p.engineBConnectedAt !== null, connectedAt: iso(p.engineBConnectedAt), lastError: p.engineBLastError },
  });
}
