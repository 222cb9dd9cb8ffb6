import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { InngestFunction } from "inngest";
import { expect, it } from "vitest";
import { functions } from "@/inngest/functions";

// Every function of the one list runs in some test through the SDK's engine with its step results passed through
// JSON (tests/inngest-engine.ts, runUnderInngest), as an Inngest server replays them; in-process runs pass live
// objects and would hide a Date that comes back a string.
const root = path.resolve(import.meta.dirname, "../..");
const modules = import.meta.glob<Record<string, unknown>>(["../../inngest/functions/**/*.ts", "!**/*.test.ts"], { eager: true });

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? (e.name === "node_modules" ? [] : testFiles(p)) : e.name.endsWith(".test.ts") ? [p] : [];
  });
}

it("runs every Inngest function through the engine in some test", () => {
  const nameOf = new Map<InngestFunction.Any, string>();
  for (const mod of Object.values(modules)) for (const [name, value] of Object.entries(mod)) nameOf.set(value as InngestFunction.Any, name);
  const ran = new Set(testFiles(path.join(root, "tests")).concat(testFiles(path.join(root, "inngest")))
    .flatMap((f) => [...readFileSync(f, "utf8").matchAll(/runUnderInngest\(\s*(\w+)/g)].map((m) => m[1])));
  expect(functions.length).toBeGreaterThan(20);
  const missing = functions.map((fn) => ({ id: fn.id(), name: nameOf.get(fn) })).filter((f) => !f.name || !ran.has(f.name)).map((f) => f.id);
  expect(missing).toEqual([]);
});
