import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { getDefaultResolver, type HostResolver } from "@/lib/net/resolver";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { checkDnsRecord } from "./check-dns-record";
import { dnsRecordName, dnsRecordValue, toVerification } from "./internal";
import { DNS_FAILURES, type DnsFailure } from "./messages";
import type { ProjectVerifyResult } from "./schemas";

export type VerifyDnsOptions = { resolver?: HostResolver; now?: Date };

/**
 * Looks up `_service.{domain}` TXT now and sets dnsVerifiedAt when a record equals
 * `service-site-verification={token}`. A failed check leaves an earlier proof in place (only a new
 * token clears it). The lookup runs outside any transaction; the write checks that the token it
 * proved is still the current one.
 */
export async function verifyDns(ctx: OrgCtx, projectId: string, opts: VerifyDnsOptions = {}): Promise<ProjectVerifyResult> {
  const project = await getProjectOrThrow(ctx, projectId);
  const token = project.dnsVerificationToken;
  if (!token) throw new DomainError("CONFLICT", "This project has no DNS token yet: create one with POST …/dns-token first");
  const recordName = dnsRecordName(project.domain);
  const check = await checkDnsRecord(opts.resolver ?? getDefaultResolver(), recordName, dnsRecordValue(token));
  const now = opts.now ?? new Date();

  const { row, reason } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    let reason: DnsFailure | null = check.ok ? null : check.reason;
    if (check.ok) {
      const { count } = await tx.project.updateMany({
        where: { id: project.id, organizationId: ctx.org.id, deletedAt: null, dnsVerificationToken: token },
        data: { dnsVerifiedAt: now },
      });
      if (!count) reason = "token_changed";
    }
    await recordAudit({
      ...auditActor(ctx), action: reason ? "project.dns_verification_failed" : "project.dns_verified", success: !reason,
      target: { type: "project", id: project.id },
      metadata: { recordName, ...(reason ? { reason } : {}), ...(!check.ok && check.dnsCode ? { dnsCode: check.dnsCode } : {}) },
    }, ctx);
    return { row: await getProjectOrThrow(ctx, project.id), reason };
  });
  return { verified: !reason, error: reason ? DNS_FAILURES[reason] : null, verification: toVerification(row) };
}
