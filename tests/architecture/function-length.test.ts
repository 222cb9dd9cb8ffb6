import { describe, expect, it } from "vitest";
import { functionsOf, libFiles, parse } from "./source-files";

// A reader keeps the thread of a function up to a screen or two: no function of lib/ is longer than MAX_LINES lines
// (from its first line to its closing brace, nested functions included). A longer one is split into named helpers
// beside it. Exceptions are listed here by file and name, each with its reason; there are none.
const MAX_LINES = 120;
const EXCEPTIONS = new Set<string>([]);

describe("function length in lib/", () => {
  it(`no function is longer than ${MAX_LINES} lines`, () => {
    const files = libFiles();
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((f) => functionsOf(parse(f)).filter((fn) => fn.lines > MAX_LINES && !EXCEPTIONS.has(`${f} ${fn.name}`))
      .map((fn) => `${f}:${fn.line} ${fn.name} (${fn.lines} lines)`));
    expect(long).toEqual([]);
  });

  it("measures functions of every kind (the check itself)", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = [
      `export function declared() {\n${body(3)}\n}`,
      `export const arrow = async () => {\n${body(130)}\n};`,
      `class K {\n  method() {\n${body(1)}\n  }\n}`,
    ].join("\n");
    expect(functionsOf(parse("lib/x/fixture.ts", text)).map((f) => [f.name, f.lines])).toEqual([["declared", 5], ["arrow", 132], ["method", 3]]);
  });
});
