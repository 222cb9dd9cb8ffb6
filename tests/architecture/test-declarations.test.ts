import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Test files share their worker's modules: an operation a test declares with defineOperation would stay in the
// registry for every file after it (tests/api/declared-operations.test.ts, the OpenAPI document), depending on the
// order a worker ran them. Tests describe operations with operationOf, which registers nothing.
const root = path.resolve(import.meta.dirname, "../..");
const SKIP = new Set(["node_modules", ".next", ".git", ".data", "e2e"]);

function testFiles(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith(".next")) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("test files and the operation registry", () => {
  it("no test file declares an operation into the shared registry", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(50);
    const declaring = files.filter((f) => /\bdefineOperation\s*\(/.test(readFileSync(f, "utf8"))).map((f) => path.relative(root, f));
    expect(declaring).toEqual([]);
  });
});
