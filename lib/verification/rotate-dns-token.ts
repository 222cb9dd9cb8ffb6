import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { dnsRecordName, randomHex64, toVerification } from "./internal";

/** A new 64-hex DNS token on every call; the DNS proof made with the old one no longer counts. */
export async function rotateDnsToken(ctx: OrgCtx, projectId: string) {
  const project = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getProjectOrThrow(ctx, projectId);
    const row = await tx.project.update({
      where: { id: current.id, organizationId: ctx.org.id, deletedAt: null },
      data: { dnsVerificationToken: randomHex64(), dnsVerifiedAt: null },
    });
    await recordAudit({
      ...auditActor(ctx), action: "project.dns_token_rotated", target: { type: "project", id: row.id },
      metadata: { recordName: dnsRecordName(row.domain), wasVerified: current.dnsVerifiedAt !== null },
    }, ctx);
    return row;
  });
  return toVerification(project);
}
