// SQL tries the soft-404 pattern only on titles and headings that hold one of SOFT_404_WORDS (lib/diagnosis/rules-sql.ts):
// that is sound only while every text the pattern matches holds one of them.
import { describe, expect, it } from "vitest";
import { SOFT_404_PATTERN, SOFT_404_WORDS } from "@/lib/diagnosis/causes";

/** The pattern's top-level alternatives: it is one group of alternatives, `(a|b (c|d) e|…)`. */
function alternatives(pattern: string): string[] {
  expect(pattern.startsWith("(") && pattern.endsWith(")")).toBe(true);
  const out: string[] = [];
  let depth = 0, start = 1;
  for (let i = 1; i < pattern.length - 1; i++) {
    if (pattern[i] === "(") depth++;
    else if (pattern[i] === ")") depth--;
    else if (pattern[i] === "|" && depth === 0) { out.push(pattern.slice(start, i)); start = i + 1; }
  }
  out.push(pattern.slice(start, pattern.length - 1));
  return out;
}

describe("the soft-404 pattern's words", () => {
  it("every alternative holds one of the words outside its groups, so every match contains one", () => {
    const alts = alternatives(SOFT_404_PATTERN);
    expect(alts.length).toBeGreaterThan(3);
    for (const alt of alts) {
      // What is left once the groups are taken out is literal text every match of this alternative contains.
      const literal = alt.replace(/\([^()]*\)\??/g, " ");
      expect(literal, alt).not.toMatch(/[\\[\].*+?{}|^$]/);
      expect(SOFT_404_WORDS.some((w) => literal.includes(w)), alt).toBe(true);
    }
  });

  it("texts the pattern matches contain a word, lowercased; the word filter lets them through", () => {
    const re = new RegExp(SOFT_404_PATTERN, "i");
    for (const text of ["Page Not Found", "Error 404", "This item is no longer available", "The page doesn't exist", "PAGE DOES NOT EXIST",
      "Page unavailable", "Nothing was found", "nothing found here"]) {
      expect(re.test(text), text).toBe(true);
      expect(SOFT_404_WORDS.some((w) => text.toLowerCase().includes(w)), text).toBe(true);
    }
    expect(SOFT_404_WORDS.some((w) => "Item 12: blue shoes".toLowerCase().includes(w))).toBe(false);
  });
});
