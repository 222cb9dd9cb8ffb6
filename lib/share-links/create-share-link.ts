import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { dbOf, Prisma, withTransaction } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { hashShareToken, newShareToken, sealShareToken, toShareLinkResponse } from "./internal";
import { MAX_ACTIVE_SHARE_LINKS, type CreateShareLinkBody, type ShareLinkResponse } from "./schemas";

/**
 * A new read-only link to the project, expiring in `expiresInDays`, with its URL. The token is found by its SHA-256
 * and kept sealed under ENCRYPTION_KEY, so that the owner can copy the link again while it answers. The count of
 * live links is checked under the project's row lock.
 */
export async function createShareLink(ctx: OrgCtx, projectId: string, body: CreateShareLinkBody, now = new Date()): Promise<ShareLinkResponse> {
  return withTransaction(ctx, async (ctx) => {
    const project = await getProjectOrThrow(ctx, projectId);
    const db = dbOf(ctx);
    await db.$executeRaw(Prisma.sql`SELECT 1 FROM projects WHERE id = ${project.id}::uuid FOR UPDATE`);
    const active = await db.shareLink.count({ where: { projectId: project.id, revokedAt: null, expiresAt: { gt: now } } });
    if (active >= MAX_ACTIVE_SHARE_LINKS) {
      throw new DomainError("CONFLICT", `This project already has ${MAX_ACTIVE_SHARE_LINKS} active share links: revoke one first`, { limit: MAX_ACTIVE_SHARE_LINKS });
    }
    const token = newShareToken();
    const row = await db.shareLink.create({
      data: {
        organizationId: ctx.org.id, projectId: project.id, tokenHash: hashShareToken(token), tokenEnc: sealShareToken(token, project.id), createdByUserId: actorUserId(ctx),
        expiresAt: new Date(now.getTime() + body.expiresInDays * 86_400_000), createdAt: now,
      },
    });
    await recordAudit({
      ...auditActor(ctx), action: "settings.updated", target: { type: "share_link", id: row.id },
      metadata: { change: "share_link_created", projectId: project.id, domain: project.domain, expiresAt: row.expiresAt.toISOString() },
    }, ctx);
    return toShareLinkResponse(row, now);
  });
}
