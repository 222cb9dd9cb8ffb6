import type { Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { Prisma, type CreditEntryKind, dbOf } from "@/lib/db";

type Movement = { organizationId: string; amount: number; kind: CreditEntryKind; reference?: string; metadata?: Record<string, unknown>; actorUserId?: string | null };

/** Adds credits through a ledger entry; returns the new balance. Run inside the caller's transaction. */
export async function grantCredits(ctx: Ctx, m: Movement): Promise<number> {
  const tx = dbOf(ctx);
  if (!Number.isInteger(m.amount) || m.amount <= 0) throw new DomainError("VALIDATION_ERROR", "Credit grants must be a positive whole number", { errors: [{ path: "amount", message: "Must be a positive integer", code: "too_small" }] });
  const [row] = await tx.$queryRaw<{ credit_balance: number }[]>(
    Prisma.sql`UPDATE organizations SET credit_balance = credit_balance + ${m.amount}, updated_at = now() WHERE id = ${m.organizationId}::uuid RETURNING credit_balance`);
  if (!row) throw new DomainError("NOT_FOUND", "Organization not found");
  await writeEntry(ctx, m, m.amount, row.credit_balance);
  return row.credit_balance;
}

/**
 * Debits credits only if the balance covers them all (a single guarded UPDATE, so concurrent debits
 * can never take the balance below zero); otherwise 402 INSUFFICIENT_CREDITS and nothing changes.
 */
export async function debitCredits(ctx: Ctx, m: Movement): Promise<number> {
  const tx = dbOf(ctx);
  if (m.amount === 0) return currentBalance(ctx, m.organizationId);
  const [row] = await tx.$queryRaw<{ credit_balance: number }[]>(
    Prisma.sql`UPDATE organizations SET credit_balance = credit_balance - ${m.amount}, updated_at = now()
               WHERE id = ${m.organizationId}::uuid AND credit_balance >= ${m.amount} RETURNING credit_balance`);
  if (!row) {
    const available = await currentBalance(ctx, m.organizationId);
    throw new DomainError("INSUFFICIENT_CREDITS", `This needs ${m.amount} credits; ${available} are available`, { required: m.amount, available });
  }
  await writeEntry(ctx, m, -m.amount, row.credit_balance);
  return row.credit_balance;
}

export async function currentBalance(ctx: Ctx, organizationId: string): Promise<number> {
  const tx = dbOf(ctx);
  const org = await tx.organization.findUnique({ where: { id: organizationId }, select: { creditBalance: true } });
  if (!org) throw new DomainError("NOT_FOUND", "Organization not found");
  return org.creditBalance;
}

async function writeEntry(ctx: Ctx, m: Movement, amount: number, balanceAfter: number) {
  const tx = dbOf(ctx);
  await tx.creditLedgerEntry.create({
    data: { organizationId: m.organizationId, kind: m.kind, amount, balanceAfter, reference: m.reference ?? null, metadata: (m.metadata ?? {}) as Prisma.InputJsonValue, actorUserId: m.actorUserId ?? null },
  });
}
