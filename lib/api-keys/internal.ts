import { z } from "zod";
import { db, type Prisma } from "@/lib/db";
import { userActorOrThrow, type Ctx, type UserActor } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { ApiKeyResponse } from "./schemas";

/** Keys the caller may see: its own; through an API key, only those of the key's organization. */
export function visibleKeysWhere(actor: UserActor): Prisma.ApiKeyWhereInput {
  return { createdByUserId: actor.userId, ...(actor.type === "apiKey" ? { organizationId: actor.organizationId } : {}) };
}

export async function getApiKeyOrThrow(ctx: Ctx, id: string) {
  const actor = userActorOrThrow(ctx);
  const key = z.uuid().safeParse(id).success ? await db.apiKey.findFirst({ where: { id, ...visibleKeysWhere(actor) } }) : null;
  if (!key) throw new DomainError("NOT_FOUND", "API key not found");
  return key;
}

type KeyRow = { id: string; name: string; start: string; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null; enabled: boolean; scopes: string[]; organizationId: string; metadata: unknown };

/** The public shape; parsing through the schema guarantees the hash can never leak. */
export function toApiKeyResponse(k: KeyRow): ApiKeyResponse {
  return ApiKeyResponse.parse({
    id: k.id, name: k.name, start: k.start, createdAt: k.createdAt.toISOString(), expiresAt: iso(k.expiresAt),
    lastUsedAt: iso(k.lastUsedAt), enabled: k.enabled, scopes: k.scopes,
    metadata: { ...(k.metadata as object), organizationId: k.organizationId, scopes: k.scopes },
  });
}

/** A key can never grant more than its creator holds: an API key only its own scopes. */
export function assertGrantable(actor: UserActor, scopes: readonly string[]) {
  if (actor.type !== "apiKey") return;
  const extra = scopes.filter((s) => !actor.scopes.includes(s));
  if (extra.length) throw new DomainError("FORBIDDEN", `This credential cannot grant ${extra.join(", ")}`, { missingScopes: extra });
}
