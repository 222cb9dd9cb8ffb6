import type { Ctx } from "@/lib/core/context";
import { db, type Tx } from "./client";
import { insideTransaction } from "./transaction-scope";

/** The database a verb runs on: the context's open transaction, or the client. */
export function dbOf(ctx: Ctx): Tx {
  return (ctx.tx as Tx | undefined) ?? db;
}

/**
 * Runs `fn` in one transaction that travels in the context: every verb called with the context it
 * receives reads and writes inside it. Nested calls join the open transaction.
 */
export async function withTransaction<C extends Ctx, T>(
  ctx: C,
  fn: (ctx: C & { tx: Tx }) => Promise<T>,
  options?: { timeout?: number; maxWait?: number },
): Promise<T> {
  if (ctx.tx) return fn(ctx as C & { tx: Tx });
  return db.$transaction((tx) => insideTransaction(() => fn({ ...ctx, tx })), options);
}
