import { db } from "@/lib/db";
import { hashShareToken, isShareTokenShape } from "./internal";

/**
 * What a live share link opens: one project of one organization, nothing else. `organizationName` is null for a
 * personal organization, whose name is made from its owner's email address: the client is not shown that.
 */
export type SharedProject = {
  linkId: string; organizationId: string; projectId: string; name: string; domain: string; organizationName: string | null; expiresAt: Date;
};

/**
 * The project a presented token opens, or null: malformed, unknown, expired, revoked, or its project or organization
 * deleted. The caller answers every null alike (the "expired or revoked" page), so nothing tells them apart.
 */
export async function resolveShareToken(token: string, now = new Date()): Promise<SharedProject | null> {
  if (!isShareTokenShape(token)) return null;
  const row = await db.shareLink.findUnique({
    where: { tokenHash: hashShareToken(token) },
    select: {
      id: true, organizationId: true, projectId: true, expiresAt: true, revokedAt: true,
      project: { select: { name: true, domain: true, deletedAt: true, organizationId: true, organization: { select: { name: true, personal: true, deletedAt: true } } } },
    },
  });
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  const { project } = row;
  if (project.deletedAt || project.organization.deletedAt || project.organizationId !== row.organizationId) return null;
  return {
    linkId: row.id, organizationId: row.organizationId, projectId: row.projectId, name: project.name, domain: project.domain,
    organizationName: project.organization.personal ? null : project.organization.name, expiresAt: row.expiresAt,
  };
}
