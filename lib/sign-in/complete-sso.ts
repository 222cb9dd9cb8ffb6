import { db } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { createSession } from "@/lib/auth/sessions";

/** Exchanges a single-use handle issued by an SSO callback for a session. */
export async function completeSso(handle: string, request: { ipAddress: string | null; userAgent: string | null }, now = new Date()) {
  const claimed = await db.ssoHandle.updateMany({ where: { id: handle, consumedAt: null, expiresAt: { gt: now } }, data: { consumedAt: now } });
  if (claimed.count !== 1) throw new DomainError("NOT_FOUND", "Unknown, used or expired SSO handle");
  const { user } = await db.ssoHandle.findUniqueOrThrow({ where: { id: handle }, select: { user: { select: { id: true, email: true } } } });
  const session = await createSession(user.id, now);
  await recordAudit({ action: "auth.login", userId: user.id, request, metadata: { method: "sso" } });
  return { userId: user.id, email: user.email, session };
}
