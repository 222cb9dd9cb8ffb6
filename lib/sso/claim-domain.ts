import crypto from "node:crypto";
import { db, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { audit, toDomain } from "./internal";

// Addresses at these providers belong to their users, not to an organization: never claimable.
const SHARED_MAIL_DOMAINS = new Set(["gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "live.com", "yahoo.com", "icloud.com", "me.com", "aol.com",
  "proton.me", "protonmail.com", "gmx.de", "gmx.net", "web.de", "yandex.ru", "mail.ru", "qq.com", "163.com", "zoho.com", "fastmail.com"]);

/** Claims a domain for the organization; answers the TXT record to create. Claiming again answers the same record. */
export async function claimDomain(ctx: OrgCtx, domain: string) {
  if (SHARED_MAIL_DOMAINS.has(domain)) throw new DomainError("VALIDATION_ERROR", `${domain} is a shared mail provider; only a domain the organization owns can be claimed`, { errors: [{ path: "domain", code: "shared_mail_domain", message: "A shared mail provider" }] });
  const taken = await db.ssoDomain.findFirst({ where: { domain, verifiedAt: { not: null }, organizationId: { not: ctx.org.id } }, select: { id: true } });
  if (taken) throw new DomainError("CONFLICT", `${domain} is verified by another organization`);
  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const row = await tx.ssoDomain.upsert({
      where: { organizationId_domain: { organizationId: ctx.org.id, domain } }, update: {},
      create: { organizationId: ctx.org.id, domain, verificationToken: crypto.randomBytes(16).toString("hex") },
    });
    await audit(ctx, "settings.updated", { change: "sso_domain_claimed", domain });
    return row;
  });
  return toDomain(row);
}
