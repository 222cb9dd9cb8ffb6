import { describe, expect, it } from "vitest";
import { checkedFiles, findings, scan } from "./one-context";

// One context for every caller (issue 34 §1): see ./one-context.ts for the rules and docs/architecture-context.md
// for the pattern.
describe("one context for every caller", () => {
  it("the checks see what they look for, and not a local variable, a comment or a string", () => {
    const sample = [
      `import { type ProjectRef } from "@/lib/issues/detections";`,
      `export type ProjectRef = { organizationId: string; projectId: string };`,
      `async function a(tx: Tx, id: string) {}`,
      `async function b(client: Prisma.TransactionClient) {}`,
      `const c = (tx) => tx.user.count();`,
      `await db.$transaction(async (t) => t.user.count());`,
      `async function fine(ctx: OrgCtx) { const tx = dbOf(ctx); /* db.$transaction(tx: Tx) */ return "ProjectRef"; }`,
    ].join("\n");
    expect(findings("sample.ts", sample).map((f) => `${f.line} ${f.rule}`)).toEqual([
      "1 ProjectRef", "2 ProjectRef", "3 tx parameter", "4 tx parameter", "5 tx parameter", "6 $transaction",
    ]);
  });

  it("sees a transaction's callback reach past it: the outer context or the global db, not its own names", () => {
    const sample = [
      `await withTransaction(ctx, async (c) => { await refreshBatch(ctx, id); await c.tx.user.count(); });`,
      `await withTransaction(ctx, async (ctx) => { await db.user.count(); });`,
      `await withTransaction(ctx, async (ctx) => { const db = dbOf(ctx); await db.user.count(); return { db: ctx.db }; });`,
      `await withTransaction(jobCtx, async (ctx) => { await write(ctx); });`,
    ].join("\n");
    expect(findings("sample.ts", sample).map((f) => `${f.line} ${f.rule} ${f.text}`)).toEqual([
      "1 outside the transaction ctx", "2 outside the transaction db",
    ]);
  });

  it("reads the sources it should: jobs, verbs, pages and scripts, not lib/db nor tests", () => {
    const files = checkedFiles();
    expect(files.length).toBeGreaterThan(500);
    for (const f of ["lib/issues/detections.ts", "inngest/functions/removals/follow-removals.ts", "components/urls/bulk-actions.tsx", "scripts/cli.ts"]) expect(files).toContain(f);
    expect(files.filter((f) => f.startsWith("lib/db/") || f.startsWith("tests/") || f.endsWith(".test.ts"))).toEqual([]);
  });

  it("no ProjectRef, no positional tx, no $transaction outside lib/db, and no transaction callback reaching past its transaction", () => {
    const found = scan().map((f) => `${f.file}:${f.line} [${f.rule}] ${f.text}`);
    expect(found).toEqual([]);
  });
});
