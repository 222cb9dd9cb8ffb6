import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISSUE_TYPES } from "@/lib/issues/schemas";
import { ISSUE_TYPE_NAMES } from "@/lib/issues/issue-types";
import { SEVERITY } from "@/lib/issues/severity";

// One issue type, one name: lib/issues/issue-types.ts is the only place that spells it, and every page,
// mail, notification, Slack message, PDF and MCP answer reads it from there.
const root = path.resolve(import.meta.dirname, "../..");
const TABLE = "lib/issues/issue-types.ts";
// Names the product used to give some types besides their own (issue 33): they must not come back.
const RETIRED = [
  "Googlebot gets errors our audit does not", "Broken links", "Pages with noindex", "Pages answer 4xx", "Pages answer 5xx",
  "Crawling blocked", "Bot challenge (WAF) detected", "WAF challenge detected",
];
// Some titles are also the words of a URL's state as Google reports it ("Crawled, not indexed"): a title
// counts as hard-coded for an issue where its line speaks of issues or names an issue type.
// The URL table's labels of Google's states (crawled_not_indexed…) use the state's id, not an issue's.
const URL_STATE_LABELS = "components/urls/labels.ts";
const ABOUT_ISSUES = new RegExp(`issue|\\b(?:${ISSUE_TYPES.join("|")})\\b`, "i");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" || e.name === "node_modules" ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("issue type names", () => {
  it("every issue type has a title, a short name that is its title or its first words, and a description", () => {
    expect(Object.keys(ISSUE_TYPE_NAMES).sort()).toEqual([...ISSUE_TYPES].sort());
    expect(Object.keys(ISSUE_TYPE_NAMES).sort()).toEqual(Object.keys(SEVERITY).sort());
    for (const [type, n] of Object.entries(ISSUE_TYPE_NAMES)) {
      expect(n.title.length, type).toBeGreaterThan(0);
      expect(n.title.startsWith(n.shortName), type).toBe(true);
      expect(n.description, type).toMatch(/^\S.{20,200}\.$/);
    }
    expect(new Set(Object.values(ISSUE_TYPE_NAMES).map((n) => n.title)).size).toBe(ISSUE_TYPES.length);
  });

  it("no other source file hard-codes a type's title or a retired name for it", () => {
    const titles = Object.values(ISSUE_TYPE_NAMES).map((n) => n.title);
    const files = ["app", "components", "lib", "inngest", "scripts"].flatMap((d) => sources(path.join(root, d)));
    const found = files.filter((f) => path.relative(root, f) !== TABLE).flatMap((f) => {
      const lines = readFileSync(f, "utf8").split("\n");
      return lines.flatMap((line, i) => [
        ...RETIRED.filter((t) => line.includes(t)),
        ...titles.filter((t) => line.includes(t) && ABOUT_ISSUES.test(line) && path.relative(root, f) !== URL_STATE_LABELS),
      ].map((t) => `${path.relative(root, f)}:${i + 1}: ${t}`));
    });
    expect(found).toEqual([]);
  });
});
