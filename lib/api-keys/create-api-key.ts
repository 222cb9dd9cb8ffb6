import type { z } from "zod";
import { db, withTransaction } from "@/lib/db";
import { userActorOrThrow, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { generateApiKey } from "@/lib/auth/api-key-secret";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import type { createApiKeyBody } from "./schemas";
import { assertGrantable } from "./internal";
import { assertWithinKeyLimit, consumeApiKeyCreation, lockOrganizationKeys } from "./limits";

export async function createApiKey({ ctx, input, now = new Date() }: { ctx: Ctx; input: z.infer<typeof createApiKeyBody>; now?: Date }) {
  const actor = userActorOrThrow(ctx);
  const { organizationId, scopes } = input.metadata;
  if (actor.type === "apiKey" && actor.organizationId !== organizationId) throw new DomainError("NOT_FOUND", "Organization not found");
  assertGrantable(actor, scopes);
  const member = await db.membership.findUnique({ where: { organizationId_userId: { organizationId, userId: actor.userId } }, select: { organization: { select: { deletedAt: true } } } });
  if (!member || member.organization.deletedAt) throw new DomainError("NOT_FOUND", "Organization not found");

  await consumeApiKeyCreation(actor.userId);
  const secret = generateApiKey();
  const key = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganizationKeys(ctx, organizationId);
    const row = await tx.apiKey.create({
      data: {
        name: input.name, start: secret.start, keyHash: secret.hash, organizationId, createdByUserId: actor.userId, scopes,
        metadata: { organizationId, scopes }, expiresAt: input.expiresIn ? new Date(now.getTime() + input.expiresIn * 1000) : null,
      },
      select: { id: true, name: true },
    });
    await assertWithinKeyLimit(ctx, organizationId, now);
    await recordAudit({ ...auditActor(ctx), organizationId, action: "api_key.created", target: { type: "api_key", id: row.id }, metadata: { name: input.name, scopes } }, ctx);
    return row;
  });
  return { key: secret.key, id: key.id, name: key.name };
}
