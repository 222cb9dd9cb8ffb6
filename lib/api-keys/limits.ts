import type { Ctx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { consumeOne } from "@/lib/rate-limit/consume-one";
import { rateLimits } from "@/lib/rate-limit/limiters";

const DEFAULT_API_KEY_LIMIT = 50;

/** API_KEY_LIMIT (active keys per organization, default 50), read per call so operators and tests can change it. */
export function apiKeyLimit(): number {
  const raw = process.env.API_KEY_LIMIT?.trim();
  const n = raw ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_API_KEY_LIMIT;
}

/** One key creation by this person: RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR (20), then 429 RATE_LIMITED with Retry-After. */
export async function consumeApiKeyCreation(userId: string): Promise<void> {
  await consumeOne(rateLimits().apiKeyCreations, `user:${userId}`, (retryIn, limit) => `At most ${limit} API keys can be created an hour; try again in ${retryIn}`);
}

/** Locks the organization row so that concurrent creations (and re-enablings) count one after another. */
export async function lockOrganizationKeys(ctx: Ctx, organizationId: string): Promise<void> {
  const tx = dbOf(ctx);
  const locked = await tx.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM organizations WHERE id = ${organizationId}::uuid AND deleted_at IS NULL FOR NO KEY UPDATE`);
  if (!locked.length) throw new DomainError("NOT_FOUND", "Organization not found");
}

/**
 * After a key was created or enabled, inside the transaction holding lockOrganizationKeys: every key that can still
 * authenticate (enabled, not expired) counts, and past API_KEY_LIMIT the change is refused (409 API_KEY_LIMIT_REACHED,
 * rolled back with the transaction). Each key has its own rate-limit bucket: the cap bounds what one organization can draw.
 */
export async function assertWithinKeyLimit(ctx: Ctx, organizationId: string, now: Date): Promise<void> {
  const tx = dbOf(ctx);
  const limit = apiKeyLimit();
  const active = await tx.apiKey.count({ where: { organizationId, enabled: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
  if (active > limit) {
    throw new DomainError("API_KEY_LIMIT_REACHED", `This organization already has ${active - 1} active API keys; the limit is ${limit}. Delete or disable one first.`,
      { limit, current: active - 1 });
  }
}
