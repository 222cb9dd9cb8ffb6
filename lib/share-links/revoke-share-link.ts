import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { dbOf, withTransaction } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toShareLinkResponse } from "./internal";
import type { ShareLinkResponse } from "./schemas";

/**
 * Revokes a share link at once: its page answers "expired or revoked" from the next request on. Idempotent: a
 * revoked link answers as it is (no second audit row). Another project's or organization's link is a 404.
 */
export async function revokeShareLink(ctx: OrgCtx, projectId: string, shareLinkId: string, now = new Date()): Promise<ShareLinkResponse> {
  return withTransaction(ctx, async (ctx) => {
    const project = await getProjectOrThrow(ctx, projectId);
    const db = dbOf(ctx);
    const where = { id: shareLinkId, projectId: project.id, organizationId: ctx.org.id };
    const { count } = await db.shareLink.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
    const row = await db.shareLink.findFirst({ where });
    if (!row) throw new DomainError("NOT_FOUND", "Share link not found");
    if (count) {
      await recordAudit({
        ...auditActor(ctx), action: "settings.updated", target: { type: "share_link", id: row.id },
        metadata: { change: "share_link_revoked", projectId: project.id, domain: project.domain },
      }, ctx);
    }
    return toShareLinkResponse(row, now);
  });
}
