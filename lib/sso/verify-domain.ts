import { db, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { getDefaultResolver, type HostResolver } from "@/lib/net/resolver";
import { checkDnsRecord } from "@/lib/verification/check-dns-record";
import { DNS_FAILURES } from "@/lib/verification/messages";
import { audit, domainRecordName, domainRecordValue } from "./internal";

/** Checks the TXT record now; verified once found (and then held by this organization only). */
export async function verifyDomain(ctx: OrgCtx, domain: string, resolver: HostResolver = getDefaultResolver(), now = new Date()) {
  const row = await db.ssoDomain.findUnique({ where: { organizationId_domain: { organizationId: ctx.org.id, domain } } });
  if (!row) throw new DomainError("NOT_FOUND", "Claim the domain first");
  const check = await checkDnsRecord(resolver, domainRecordName(domain), domainRecordValue(row.verificationToken));
  const error = check.ok ? null : DNS_FAILURES[check.reason];
  try {
    await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      await tx.ssoDomain.update({ where: { id: row.id }, data: { lastCheckedAt: now, lastError: error, ...(check.ok && !row.verifiedAt ? { verifiedAt: now } : {}) } });
      if (check.ok && !row.verifiedAt) await audit(ctx, "settings.updated", { change: "sso_domain_verified", domain });
    });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw new DomainError("CONFLICT", `${domain} was verified by another organization first`);
    throw e;
  }
  return { domain, verified: check.ok || row.verifiedAt !== null, error };
}
