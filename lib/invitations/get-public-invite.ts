import { systemCtx } from "@/lib/core/context";
import { db } from "@/lib/db";
import { gone, openInvite } from "./internal";
import type { PublicInvite } from "./schemas";

/** SPEC.md's PublicInvite for whoever holds the link, without credentials. */
export async function getPublicInvite(token: string, now = new Date()): Promise<PublicInvite> {
  const row = await openInvite(systemCtx("public-invite"), token, now);
  if (!row) throw gone();
  const inviter = row.invitedByUserId ? await db.user.findUnique({ where: { id: row.invitedByUserId }, select: { email: true } }) : null;
  return { organizationName: row.organization.name, inviterEmail: inviter?.email ?? "IndexWatch", role: row.role as PublicInvite["role"], expiresAt: row.expiresAt.toISOString() };
}
