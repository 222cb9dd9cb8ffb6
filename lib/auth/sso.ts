import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { createSession } from "./sessions";
import type { IdentifyResponse } from "./schemas";

export { identifyBody, ssoDiscoverQuery, ssoCompleteBody } from "./schemas";

/**
 * Which sign-in to offer. No organization has SSO configured yet, so every email gets the
 * non-SSO answer with the magic link allowed; the answer never depends on whether the account
 * exists (no enumeration), and hasPasskey is always false before authentication.
 */
export async function identify(_email: string): Promise<z.infer<typeof IdentifyResponse>> {
  return { method: "password", hasPasskey: false, allowMagicLink: true };
}

/** Organization SSO for an email domain: none is configured, so null. */
export async function discoverSso(_domain: string): Promise<null> {
  return null;
}

/** Exchanges a single-use handle issued by an SSO callback for a session. */
export async function completeSso(handle: string, request: { ipAddress: string | null; userAgent: string | null }, now = new Date()) {
  const claimed = await db.ssoHandle.updateMany({ where: { id: handle, consumedAt: null, expiresAt: { gt: now } }, data: { consumedAt: now } });
  if (claimed.count !== 1) throw new ApiError("NOT_FOUND", "Unknown, used or expired SSO handle");
  const { user } = await db.ssoHandle.findUniqueOrThrow({ where: { id: handle }, select: { user: { select: { id: true, email: true } } } });
  const session = await createSession(user.id, now);
  await recordAudit({ action: "auth.login", userId: user.id, request, metadata: { method: "sso" } });
  return { userId: user.id, email: user.email, session };
}
