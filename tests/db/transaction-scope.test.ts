// A statement on the global client from inside an open transaction's body runs on another connection: blind to the
// transaction's writes, and on the embedded database (one backend) a wait that never ends. Outside production the
// client and the pool refuse it at once, naming the caller (lib/db/transaction-scope.ts).
import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/core/context";
import { db, dbOf, outsideTransaction, Prisma, sqlRows, withTransaction } from "@/lib/db";

const ctx = systemCtx("transaction-scope-test");
const refused = /inside an open transaction/;

describe("the global client inside a transaction", () => {
  it("refuses a model query, a raw query and a raw pool statement from the transaction's body, with the caller in the stack", async () => {
    await withTransaction(ctx, async () => {
      expect(() => db.user.count()).toThrow(refused);
      expect(() => db.$queryRaw(Prisma.sql`SELECT 1`)).toThrow(refused);
      await expect(sqlRows(Prisma.sql`SELECT 1`)).rejects.toThrow(refused);
      let stack = "";
      try { void db.organization.count(); } catch (e) { stack = (e as Error).stack ?? ""; }
      expect(stack).toContain("transaction-scope.test.ts");
    });
  });

  it("lets the transaction's own client work, and the global one again once the transaction has ended", async () => {
    let later: Promise<number> | undefined;
    const n = await withTransaction(ctx, async (ctx) => {
      const [row] = await dbOf(ctx).$queryRaw<{ n: number }[]>(Prisma.sql`SELECT 41 + 1 AS n`);
      // Work the body leaves running after its end is no longer inside it.
      later = new Promise((resolve) => setTimeout(() => resolve(db.user.count()), 10));
      return row.n;
    });
    expect(n).toBe(42);
    expect(await later).toBeGreaterThanOrEqual(0);
    expect(await db.user.count()).toBeGreaterThanOrEqual(0);
  });

  it("lets work armed inside the body to run on its own (a timer, as the outbox's flush) use the global client while the transaction is still open", async () => {
    const armed = await withTransaction(ctx, async () => {
      const detached = new Promise<number>((resolve, reject) => outsideTransaction(() => setTimeout(() => db.user.count().then(resolve, reject), 10)));
      const inside = new Promise<unknown>((resolve) => setTimeout(() => { try { void db.user.count(); resolve("allowed"); } catch (e) { resolve(e); } }, 10));
      await new Promise((r) => setTimeout(r, 50)); // the transaction is still open when both timers fire
      // Not awaited here: on the embedded database the detached statement waits for this transaction to end.
      return { detached, inside };
    });
    expect(await armed.detached).toBeGreaterThanOrEqual(0);
    expect(String(await armed.inside)).toMatch(refused);
  });

  it("joins the open transaction in a nested withTransaction instead of opening a second one", async () => {
    await withTransaction(ctx, async (outer) => {
      await withTransaction(outer, async (inner) => {
        expect(inner.tx).toBe(outer.tx);
        await dbOf(inner).$executeRaw(Prisma.sql`SELECT 1`);
      });
    });
  });
});
