import crypto from "node:crypto";
import { db } from "@/lib/db";
import { appBaseUrl } from "@/lib/core/app-base-url";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { encryptSecret, decryptSecret } from "@/lib/engines/secret-box";
import { SsoLoginError } from "./sso-login-error";

// An organization's SSO: one OIDC provider (issuer checked by discovery through the safe fetcher, client
// secret sealed with AES-256-GCM bound to the organization) and the email domains it claims, each proven
// by a DNS TXT record through the same resolver as project verification. A domain is verified for one
// organization at most (a partial unique index).

export const sealClientSecret = (organizationId: string, secret: string) => encryptSecret(secret, { aad: `sso:${organizationId}` });

export const openClientSecret = (organizationId: string, sealed: string) => decryptSecret(sealed, { aad: `sso:${organizationId}` });

export const ssoRedirectUri = () => `${appBaseUrl()}/auth/sso/callback`;

export const ssoLoginPath = (slug: string) => `/auth/sso/${encodeURIComponent(slug)}/start`;

export const domainRecordName = (domain: string) => `_indexwatch-sso.${domain}`;

export const domainRecordValue = (token: string) => `indexwatch-sso=${token}`;

export function toDomain(d: { domain: string; verificationToken: string; verifiedAt: Date | null; lastCheckedAt: Date | null; lastError: string | null }) {
  return {
    domain: d.domain, verified: d.verifiedAt !== null, verifiedAt: d.verifiedAt?.toISOString() ?? null,
    dnsRecordName: domainRecordName(d.domain), dnsRecordValue: domainRecordValue(d.verificationToken),
    lastCheckedAt: d.lastCheckedAt?.toISOString() ?? null, error: d.lastError,
  };
}

export function audit(ctx: OrgCtx, action: "settings.sso_configured" | "settings.sso_disabled" | "settings.updated", metadata: Record<string, unknown>) {
  return recordAudit({ action, ...auditActor(ctx), target: { type: "organization", id: ctx.org.id }, metadata }, ctx);
}

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

export async function organizationSso(where: { slug: string } | { id: string }) {
  const org = await db.organization.findFirst({ where: { ...where, deletedAt: null }, select: { id: true, slug: true, sso: true } });
  if (!org?.sso?.enabled) throw new SsoLoginError("not_configured", "This organization has no single sign-on configured");
  const sso = org.sso;
  return { org, sso, settings: { issuer: sso.issuer, clientId: sso.clientId, clientSecret: openClientSecret(org.id, sso.clientSecretEnc) } };
}
