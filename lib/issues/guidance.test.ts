import { describe, expect, it } from "vitest";
import { ISSUE_GUIDANCE } from "./guidance";
import { ISSUE_TYPE_NAMES } from "./issue-types";
import { SEVERITY } from "./severity";

describe("issue guidance", () => {
  it("covers every issue type with a title and two short paragraphs", () => {
    expect(Object.keys(ISSUE_GUIDANCE).sort()).toEqual(Object.keys(SEVERITY).sort());
    for (const [type, g] of Object.entries(ISSUE_GUIDANCE)) {
      expect(ISSUE_TYPE_NAMES[type as keyof typeof ISSUE_TYPE_NAMES].title.length, type).toBeGreaterThan(0);
      for (const text of [g.whyItMatters, g.howToFix]) {
        expect(text.length, type).toBeGreaterThan(60);
        expect(text.length, type).toBeLessThan(700);
        expect(text.split(/\n\s*\n/)).toHaveLength(1);
      }
    }
  });
});
