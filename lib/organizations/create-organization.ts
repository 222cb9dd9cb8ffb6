import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { assertRoomForAnotherOrganization, slugFor, toOrganizationResponse } from "./internal";
import type { createOrganizationBody, OrganizationResponse } from "./schemas";

/** A new organization with the caller as its owner (no free credits: those come once, with the personal organization). */
export async function createOrganization(ctx: Ctx, input: z.infer<typeof createOrganizationBody>): Promise<OrganizationResponse> {
  const userId = actorUserId(ctx);
  if (!userId) throw new DomainError("FORBIDDEN", "Only a person can create an organization");
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await assertRoomForAnotherOrganization(ctx, userId);
    const org = await tx.organization.create({ data: { name: input.name, slug: slugFor(input.name) } });
    await tx.membership.create({ data: { organizationId: org.id, userId, role: "owner", lastActiveAt: new Date() } });
    await recordAudit({ action: "organization.created", ...auditActor(ctx), organizationId: org.id, target: { type: "organization", id: org.id }, metadata: { name: input.name } }, ctx);
    return toOrganizationResponse(org.id, "owner", ctx);
  });
}
