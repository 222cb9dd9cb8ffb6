// The domain (lib/) sits below the job layer (inngest/): no module of lib imports inngest/, so a verb never
// pulls in every function (and, through them, every other verb). The in-process runner gets the list at start.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("layering", () => {
  it("no module of lib/ imports inngest/", () => {
    const offenders = sources(ROOT).filter((f) => /from\s+["']@\/inngest\/|import\(\s*["']@\/inngest\//.test(fs.readFileSync(f, "utf8")));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
