import type { z } from "zod";
import { db, withTransaction } from "@/lib/db";
import { userActorOrThrow, type Ctx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import type { updateApiKeyBody } from "./schemas";
import { assertWithinKeyLimit, lockOrganizationKeys } from "./limits";
import { assertGrantable, getApiKeyOrThrow, toApiKeyResponse, visibleKeysWhere } from "./internal";

export async function listApiKeys(ctx: Ctx) {
  const rows = await db.apiKey.findMany({ where: visibleKeysWhere(userActorOrThrow(ctx)), orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return rows.map(toApiKeyResponse);
}

export async function getApiKey(ctx: Ctx, id: string) {
  return toApiKeyResponse(await getApiKeyOrThrow(ctx, id));
}

export async function updateApiKey(ctx: Ctx, input: z.infer<typeof updateApiKeyBody>) {
  const actor = userActorOrThrow(ctx);
  const before = await getApiKeyOrThrow(ctx, input.id);
  if (input.scopes) assertGrantable(actor, input.scopes);
  const enabling = input.enabled === true && !before.enabled;
  const updated = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    if (enabling) await lockOrganizationKeys(ctx, before.organizationId);
    const row = await tx.apiKey.update({
      where: { id: before.id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.scopes ? { scopes: input.scopes, metadata: { ...(before.metadata as object), scopes: input.scopes } } : {}),
      },
    });
    if (enabling) await assertWithinKeyLimit(ctx, before.organizationId, new Date());
    const audit = { ...auditActor(ctx), organizationId: before.organizationId, target: { type: "api_key", id: before.id } };
    await recordAudit({ ...audit, action: "api_key.updated", metadata: { changed: Object.keys(input).filter((k) => k !== "id") } }, ctx);
    if (input.enabled !== undefined && input.enabled !== before.enabled) {
      await recordAudit({ ...audit, action: "api_key.status_changed", metadata: { enabled: input.enabled } }, ctx);
    }
    return row;
  });
  return toApiKeyResponse(updated);
}

/** Permanent: the row goes, so the key answers 401 from the next request on. */
export async function deleteApiKey(ctx: Ctx, id: string) {
  const key = await getApiKeyOrThrow(ctx, id);
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx.apiKey.delete({ where: { id: key.id } });
    await recordAudit({ ...auditActor(ctx), organizationId: key.organizationId, action: "api_key.deleted", target: { type: "api_key", id: key.id }, metadata: { name: key.name } }, ctx);
  });
  return { success: true as const };
}
