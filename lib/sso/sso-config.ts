import crypto from "node:crypto";
import type { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { appBaseUrl } from "@/lib/core/app-base-url";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { decryptSecret, encryptSecret } from "@/lib/engines/secret-box";
import { getDefaultResolver, type HostResolver } from "@/lib/net/resolver";
import { checkDnsRecord } from "@/lib/verification/check-dns-record";
import { DNS_FAILURES } from "@/lib/verification/messages";
import { providerConfig } from "./oidc-client";
import type { putSsoBody, SsoConfigResponse } from "./schemas";

// An organization's SSO: one OIDC provider (issuer checked by discovery through the safe fetcher, client
// secret sealed with AES-256-GCM bound to the organization) and the email domains it claims, each proven
// by a DNS TXT record through the same resolver as project verification. A domain is verified for one
// organization at most (a partial unique index).

const orgId = (ctx: Ctx) => ctx.org!.id;
export const sealClientSecret = (organizationId: string, secret: string) => encryptSecret(secret, { aad: `sso:${organizationId}` });
export const openClientSecret = (organizationId: string, sealed: string) => decryptSecret(sealed, { aad: `sso:${organizationId}` });

export const ssoRedirectUri = () => `${appBaseUrl()}/auth/sso/callback`;
export const ssoLoginPath = (slug: string) => `/auth/sso/${encodeURIComponent(slug)}/start`;
export const domainRecordName = (domain: string) => `_indexwatch-sso.${domain}`;
export const domainRecordValue = (token: string) => `indexwatch-sso=${token}`;

// Addresses at these providers belong to their users, not to an organization: never claimable.
const SHARED_MAIL_DOMAINS = new Set(["gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "yahoo.com", "icloud.com", "me.com", "aol.com",
  "proton.me", "protonmail.com", "gmx.de", "gmx.net", "web.de", "yandex.ru", "mail.ru", "qq.com", "163.com", "zoho.com", "fastmail.com"]);

export async function getSso(ctx: Ctx): Promise<SsoConfigResponse> {
  const [sso, org, domains] = await Promise.all([
    db.organizationSso.findUnique({ where: { organizationId: orgId(ctx) } }),
    db.organization.findUniqueOrThrow({ where: { id: orgId(ctx) }, select: { slug: true } }),
    db.ssoDomain.findMany({ where: { organizationId: orgId(ctx) }, orderBy: { domain: "asc" } }),
  ]);
  if (!sso) return null;
  return {
    provider: sso.provider, issuer: sso.issuer, clientId: sso.clientId, enforce: sso.enforce, enabled: sso.enabled,
    loginUrl: ssoLoginPath(org.slug), redirectUri: ssoRedirectUri(), domains: domains.map(toDomain), updatedAt: sso.updatedAt.toISOString(),
  };
}

function toDomain(d: { domain: string; verificationToken: string; verifiedAt: Date | null; lastCheckedAt: Date | null; lastError: string | null }) {
  return {
    domain: d.domain, verified: d.verifiedAt !== null, verifiedAt: d.verifiedAt?.toISOString() ?? null,
    dnsRecordName: domainRecordName(d.domain), dnsRecordValue: domainRecordValue(d.verificationToken),
    lastCheckedAt: d.lastCheckedAt?.toISOString() ?? null, error: d.lastError,
  };
}

/** Sets the provider. Its discovery document is fetched first (through the safe fetcher): a bad issuer is refused before anything is stored. */
export async function putSso(ctx: Ctx, input: z.infer<typeof putSsoBody>) {
  await providerConfig({ issuer: input.issuer, clientId: input.clientId, clientSecret: input.clientSecret });
  await db.$transaction(async (tx) => {
    const data = {
      provider: input.provider, issuer: input.issuer, clientId: input.clientId, clientSecretEnc: sealClientSecret(orgId(ctx), input.clientSecret),
      enforce: input.enforce ?? false, enabled: true, configuredByUserId: actorUserId(ctx),
    };
    await tx.organizationSso.upsert({ where: { organizationId: orgId(ctx) }, create: { organizationId: orgId(ctx), ...data }, update: data });
    await audit(tx, ctx, "settings.sso_configured", { provider: input.provider, issuer: input.issuer, clientId: input.clientId, enforce: data.enforce });
  });
  return getSso(ctx);
}

/** Turns SSO off: the provider and the domain claims go; members sign in by email link again. */
export async function deleteSso(ctx: Ctx) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.organizationSso.deleteMany({ where: { organizationId: orgId(ctx) } });
    if (!count) throw new DomainError("NOT_FOUND", "This organization has no SSO configured");
    await tx.ssoDomain.deleteMany({ where: { organizationId: orgId(ctx) } });
    await audit(tx, ctx, "settings.sso_disabled", {});
  });
  return { disabled: true as const };
}

/** Claims a domain for the organization; answers the TXT record to create. Claiming again answers the same record. */
export async function claimDomain(ctx: Ctx, domain: string) {
  if (SHARED_MAIL_DOMAINS.has(domain)) throw new DomainError("VALIDATION_ERROR", `${domain} is a shared mail provider; only a domain the organization owns can be claimed`, { errors: [{ path: "domain", code: "shared_mail_domain", message: "A shared mail provider" }] });
  const taken = await db.ssoDomain.findFirst({ where: { domain, verifiedAt: { not: null }, organizationId: { not: orgId(ctx) } }, select: { id: true } });
  if (taken) throw new DomainError("CONFLICT", `${domain} is verified by another organization`);
  const row = await db.$transaction(async (tx) => {
    const row = await tx.ssoDomain.upsert({
      where: { organizationId_domain: { organizationId: orgId(ctx), domain } }, update: {},
      create: { organizationId: orgId(ctx), domain, verificationToken: crypto.randomBytes(16).toString("hex") },
    });
    await audit(tx, ctx, "settings.updated", { change: "sso_domain_claimed", domain });
    return row;
  });
  return toDomain(row);
}

/** Checks the TXT record now; verified once found (and then held by this organization only). */
export async function verifyDomain(ctx: Ctx, domain: string, resolver: HostResolver = getDefaultResolver(), now = new Date()) {
  const row = await db.ssoDomain.findUnique({ where: { organizationId_domain: { organizationId: orgId(ctx), domain } } });
  if (!row) throw new DomainError("NOT_FOUND", "Claim the domain first");
  const check = await checkDnsRecord(resolver, domainRecordName(domain), domainRecordValue(row.verificationToken));
  const error = check.ok ? null : DNS_FAILURES[check.reason];
  try {
    await db.$transaction(async (tx) => {
      await tx.ssoDomain.update({ where: { id: row.id }, data: { lastCheckedAt: now, lastError: error, ...(check.ok && !row.verifiedAt ? { verifiedAt: now } : {}) } });
      if (check.ok && !row.verifiedAt) await audit(tx, ctx, "settings.updated", { change: "sso_domain_verified", domain });
    });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw new DomainError("CONFLICT", `${domain} was verified by another organization first`);
    throw e;
  }
  return { domain, verified: check.ok || row.verifiedAt !== null, error };
}

function audit(tx: Tx, ctx: Ctx, action: "settings.sso_configured" | "settings.sso_disabled" | "settings.updated", metadata: Record<string, unknown>) {
  return recordAudit({ action, ...auditActor(ctx), target: { type: "organization", id: orgId(ctx) }, metadata }, tx);
}

/** The organization whose SSO covers an email domain: a verified claim and an enabled provider. */
export async function ssoForDomain(domain: string) {
  const d = await db.ssoDomain.findFirst({
    where: { domain: domain.toLowerCase(), verifiedAt: { not: null }, organization: { deletedAt: null, sso: { enabled: true } } },
    select: { organization: { select: { id: true, slug: true, name: true, sso: { select: { provider: true, enforce: true } } } } },
  });
  return d?.organization.sso ? { ...d.organization, sso: d.organization.sso } : null;
}
