import { AsyncLocalStorage } from "node:async_hooks";

// Which transaction the running code is inside, so the pool can refuse a statement that would run beside it.
// A statement on the global client while a transaction is open runs on another connection: it does not see the
// transaction's writes, and on the embedded database (PGlite: one backend, one transaction at a time) it waits for
// the transaction, which waits for it; the process hangs. Outside production the pool refuses such a statement at
// once, with the caller's stack, instead (docs/architecture-context.md).
const scope = new AsyncLocalStorage<{ open: boolean }>();

/** Runs `fn` as the body of an open transaction; the mark ends with it (work it left running is not inside). */
export async function insideTransaction<T>(fn: () => Promise<T>): Promise<T> {
  const mark = { open: true };
  try {
    return await scope.run(mark, fn);
  } finally {
    mark.open = false;
  }
}

/** Runs `fn` outside any transaction's body: work that only starts there (a queued job) and runs on its own. */
export function outsideTransaction<T>(fn: () => T): T {
  return scope.exit(fn);
}

export const TRANSACTION_SCOPE_CHECKED = process.env.NODE_ENV !== "production";

/** Throws when called from the body of an open transaction (outside production). */
export function refuseInsideTransaction(what: string): void {
  if (TRANSACTION_SCOPE_CHECKED && scope.getStore()?.open) {
    throw new Error(`${what}: a statement on the global database client inside an open transaction: it would run on another connection, `
      + "outside the transaction (on the embedded database it waits forever). Use dbOf(ctx) with the transaction's context.");
  }
}
