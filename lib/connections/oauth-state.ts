import crypto from "node:crypto";
import { db, dbOf } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { actorUserId, type Ctx } from "@/lib/core/context";

// A consent in progress. The state is a bearer secret for the callback, so only its SHA-256 is stored
// (a fast hash is enough: generated states carry 256 bits, client ones at least 16 characters).
export const STATE_TTL_MS = 10 * 60_000;
// Expired rows stay a day so that a late callback is told "expired" rather than "mismatch".
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

export const sha256 = (value: string) => crypto.createHash("sha256").update(value, "utf8").digest("hex");
export const generateState = () => crypto.randomBytes(32).toString("base64url");

export const STATE_FAILURES = {
  mismatch: "This OAuth state was not issued by us (or was altered). Start the connection again.",
  other_project: "This OAuth state was issued for another project. Start the connection again from this project.",
  other_user: "This OAuth state was issued to another user. Start the connection again.",
  reused: "This OAuth state was already used to complete a connection. Start the connection again.",
  expired: "This OAuth state has expired (it is valid for 10 minutes). Start the connection again.",
} as const;
export type StateFailure = keyof typeof STATE_FAILURES;

export const stateInvalid = (reason: StateFailure) => new DomainError("OAUTH_STATE_INVALID", STATE_FAILURES[reason], { reason });

const stateColumns = { id: true, organizationId: true, projectId: true, userId: true, redirectUri: true, codeHash: true, refreshTokenEnc: true, expiresAt: true, consumedAt: true } as const;
export type PendingState = { id: string; redirectUri: string | null; codeHash: string | null; refreshTokenEnc: string | null; expiresAt: Date };

/** Stores a new state for (project, user); a client state that was issued before is refused (400). */
export async function issueState(ctx: Ctx, ref: { organizationId: string; projectId: string }, state: string, redirectUri: string, now: Date): Promise<void> {
  await purgeStates(now);
  try {
    await db.oAuthState.create({
      data: {
        stateHash: sha256(state), organizationId: ref.organizationId, projectId: ref.projectId, userId: actorUserId(ctx),
        redirectUri, expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      },
      select: { id: true },
    });
  } catch (e) {
    if ((e as { code?: unknown }).code !== "P2002") throw e;
    throw new DomainError("VALIDATION_ERROR", "Request validation failed", {
      errors: [{ path: "state", message: "This state was already issued: send a new random value (or omit it)", code: "state_taken" }],
    });
  }
}

/**
 * The pending state for this project and caller, or 400 OAUTH_STATE_INVALID with `meta.reason`:
 * mismatch (never issued), other_project, other_user, reused (consumed), expired.
 */
export async function pendingStateOrThrow(ctx: Ctx, ref: { organizationId: string; projectId: string }, state: string, now: Date): Promise<PendingState> {
  const tx = dbOf(ctx);
  const row = await tx.oAuthState.findUnique({ where: { stateHash: sha256(state) }, select: stateColumns });
  if (!row) throw stateInvalid("mismatch");
  if (row.organizationId !== ref.organizationId || row.projectId !== ref.projectId) throw stateInvalid("other_project");
  if (row.userId !== actorUserId(ctx)) throw stateInvalid("other_user");
  if (row.consumedAt) throw stateInvalid("reused");
  if (row.expiresAt.getTime() <= now.getTime()) {
    if (row.refreshTokenEnc) await tx.oAuthState.update({ where: { id: row.id }, data: { refreshTokenEnc: null }, select: { id: true } });
    throw stateInvalid("expired");
  }
  return row;
}

/** Keeps the exchanged (sealed) token with a still pending state, for a retry with another property. */
export async function keepExchangedToken(stateId: string, codeHash: string, refreshTokenEnc: string, now: Date): Promise<void> {
  await db.oAuthState.updateMany({ where: { id: stateId, consumedAt: null, expiresAt: { gt: now } }, data: { codeHash, refreshTokenEnc } });
}

export async function dropExchangedToken(stateId: string): Promise<void> {
  await db.oAuthState.updateMany({ where: { id: stateId }, data: { codeHash: null, refreshTokenEnc: null } });
}

/** Marks the state used (inside the connecting transaction); false when another request got there first. */
export async function consumeState(ctx: Ctx, stateId: string, now: Date): Promise<boolean> {
  const tx = dbOf(ctx);
  const { count } = await tx.oAuthState.updateMany({
    where: { id: stateId, consumedAt: null, expiresAt: { gt: now } },
    data: { consumedAt: now, refreshTokenEnc: null, codeHash: null },
  });
  return count === 1;
}

/** Kept tokens never outlive their state; rows go a day after expiry. */
async function purgeStates(now: Date): Promise<void> {
  await db.oAuthState.updateMany({ where: { expiresAt: { lte: now }, refreshTokenEnc: { not: null } }, data: { refreshTokenEnc: null, codeHash: null } });
  await db.oAuthState.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - KEEP_EXPIRED_MS) } } });
}
