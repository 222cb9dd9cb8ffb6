import type { z } from "zod";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { createSession } from "./sessions";
import { ssoForDomain, ssoLoginPath } from "@/lib/sso/sso-config";
import type { IdentifyResponse, SsoDiscoverResponse } from "./schemas";

export { identifyBody, ssoDiscoverQuery, ssoCompleteBody } from "./schemas";

/**
 * Which sign-in to offer. An email whose domain an organization has verified for SSO (with a provider
 * enabled) gets `sso` with the organization's login URL, and no magic link when the organization enforces
 * SSO; every other email gets the email link. The answer depends on the domain only, never on whether the
 * account exists (no enumeration), and hasPasskey is always false before authentication.
 */
export async function identify(email: string): Promise<z.infer<typeof IdentifyResponse>> {
  const org = await ssoForDomain(email.split("@").pop() ?? "");
  if (!org) return { method: "password", hasPasskey: false, allowMagicLink: true };
  return { method: "sso", ssoProvider: org.sso.provider, ssoRedirectUrl: ssoLoginPath(org.slug), hasPasskey: false, allowMagicLink: !org.sso.enforce };
}

/** Organization SSO for an email domain (a verified claim, a provider enabled), or null. */
export async function discoverSso(domain: string): Promise<z.infer<typeof SsoDiscoverResponse>> {
  const org = await ssoForDomain(domain);
  return org ? { organizationSlug: org.slug, organizationName: org.name, ssoProvider: org.sso.provider, loginUrl: ssoLoginPath(org.slug) } : null;
}

/** Whether an email link may be sent to this address (false when its domain's organization enforces SSO). */
export async function magicLinkAllowed(email: string): Promise<boolean> {
  const org = await ssoForDomain(email.split("@").pop() ?? "");
  return !org?.sso.enforce;
}

/** Exchanges a single-use handle issued by an SSO callback for a session. */
export async function completeSso(handle: string, request: { ipAddress: string | null; userAgent: string | null }, now = new Date()) {
  const claimed = await db.ssoHandle.updateMany({ where: { id: handle, consumedAt: null, expiresAt: { gt: now } }, data: { consumedAt: now } });
  if (claimed.count !== 1) throw new DomainError("NOT_FOUND", "Unknown, used or expired SSO handle");
  const { user } = await db.ssoHandle.findUniqueOrThrow({ where: { id: handle }, select: { user: { select: { id: true, email: true } } } });
  const session = await createSession(user.id, now);
  await recordAudit({ action: "auth.login", userId: user.id, request, metadata: { method: "sso" } });
  return { userId: user.id, email: user.email, session };
}
