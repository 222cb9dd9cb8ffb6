import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The jobs sit where their work does: each inngest/functions/<folder> is named as the lib/ area its functions call
// (inngest/functions/engine-sync runs lib/engine-sync), and every function file in it imports that area.
const root = path.resolve(import.meta.dirname, "../..");
const functionsDir = path.join(root, "inngest/functions");

/** Each folder with the function files (tests left out) that do not import lib/<folder>. */
function mismatches(): string[] {
  return fs.readdirSync(functionsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).flatMap((e) => {
    if (!fs.existsSync(path.join(root, "lib", e.name))) return [`inngest/functions/${e.name}: no lib/${e.name}`];
    const area = new RegExp(`from\\s+["']@/lib/${e.name}(/[^"']*)?["']`);
    return fs.readdirSync(path.join(functionsDir, e.name)).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
      .filter((f) => !area.test(fs.readFileSync(path.join(functionsDir, e.name, f), "utf8")))
      .map((f) => `inngest/functions/${e.name}/${f}: imports nothing of lib/${e.name}`);
  });
}

describe("inngest/functions folders", () => {
  it("each is named as a lib/ area, and each of its functions calls that area", () => {
    expect(fs.readdirSync(functionsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).length).toBeGreaterThan(5);
    expect(mismatches()).toEqual([]);
  });
});
