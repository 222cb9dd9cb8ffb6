import { systemCtx } from "@/lib/core/context";
import { describe, expect, it } from "vitest";
import { db, withTransaction } from "@/lib/db";
import { debitCredits, grantCredits } from "@/lib/credits/credit-ledger";
import { createTestUser } from "../factories";

describe("credit ledger", () => {
  it("concurrent debits never take the balance below zero, and the ledger adds up", async () => {
    const u = await createTestUser("credits");
    const results = await Promise.allSettled(Array.from({ length: 12 }, () =>
      withTransaction(systemCtx("test"), (ctx) => debitCredits(ctx, { organizationId: u.organizationId, amount: 10, kind: "inspection" }))));
    const ok = results.filter((r) => r.status === "fulfilled").length;
    expect(ok).toBe(10);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_CREDITS", meta: { required: 10, available: 0 } });
    }
    const org = await db.organization.findUniqueOrThrow({ where: { id: u.organizationId } });
    expect(org.creditBalance).toBe(0);
    const entries = await db.creditLedgerEntry.findMany({ where: { organizationId: u.organizationId } });
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(entries.filter((e) => e.kind === "inspection")).toHaveLength(10);
  });

  it("a failed debit inside a transaction rolls back everything written with it", async () => {
    const u = await createTestUser("credits-atomic");
    await expect(withTransaction(systemCtx("test"), async (ctx) => {
      const { tx } = ctx;
      await tx.organization.update({ where: { id: u.organizationId }, data: { name: "changed" } });
      await debitCredits(ctx, { organizationId: u.organizationId, amount: 101, kind: "sitemap_admission" });
    })).rejects.toMatchObject({ code: "INSUFFICIENT_CREDITS", meta: { required: 101, available: 100 } });
    const org = await db.organization.findUniqueOrThrow({ where: { id: u.organizationId } });
    expect(org).toMatchObject({ name: expect.not.stringMatching("changed"), creditBalance: 100 });
    expect(await withTransaction(systemCtx("test"), (ctx) => grantCredits(ctx, { organizationId: u.organizationId, amount: 5, kind: "grant" }))).toBe(105);
  });
});
