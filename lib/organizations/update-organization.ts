import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { lockOrganization, toOrganizationResponse } from "./internal";
import type { OrganizationResponse, updateOrganizationBody } from "./schemas";

export async function updateOrganization(ctx: OrgCtx, input: z.infer<typeof updateOrganizationBody>): Promise<OrganizationResponse> {
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const before = await tx.organization.findUniqueOrThrow({ where: { id: ctx.org.id }, select: { name: true } });
    await tx.organization.update({ where: { id: ctx.org.id }, data: { name: input.name } });
    await recordAudit({ action: "organization.updated", ...auditActor(ctx), target: { type: "organization", id: ctx.org.id }, metadata: { from: before.name, to: input.name } }, ctx);
    return toOrganizationResponse(ctx.org.id, ctx.org.role, ctx);
  });
}
