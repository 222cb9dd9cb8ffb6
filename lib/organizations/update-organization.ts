import type { z } from "zod";
import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { lockOrganization, orgId, toOrganizationResponse } from "./internal";
import type { OrganizationResponse, updateOrganizationBody } from "./schemas";

export async function updateOrganization(ctx: Ctx, input: z.infer<typeof updateOrganizationBody>): Promise<OrganizationResponse> {
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const before = await tx.organization.findUniqueOrThrow({ where: { id: orgId(ctx) }, select: { name: true } });
    await tx.organization.update({ where: { id: orgId(ctx) }, data: { name: input.name } });
    await recordAudit({ action: "organization.updated", ...auditActor(ctx), target: { type: "organization", id: orgId(ctx) }, metadata: { from: before.name, to: input.name } }, tx);
    return toOrganizationResponse(orgId(ctx), ctx.org!.role, tx);
  });
}
