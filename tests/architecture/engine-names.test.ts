import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";
import { ISSUE_TYPE_NAMES } from "@/lib/issues/issue-types";
import { SEVERITY } from "@/lib/issues/severity";

// What people read names the engines: Google (Search Console) and Bing (Webmaster Tools). The spec's
// neutral words (engineA, engineB, gsc) stay in identifiers, field names, enum values and paths only.
const root = path.resolve(import.meta.dirname, "../..");
const NEUTRAL = /\b(?:engine[ -][ab]|(?:first|second) engine)\b/i;

/** Every person-readable label module: components/**\/labels.ts and its *-labels.ts siblings. */
function labelModules(dir = path.join(root, "components")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? labelModules(p) : /(?:^|-)labels\.ts$/.test(e.name) ? [p] : [];
  });
}

const offending = (texts: [where: string, text: string][]) => texts.filter(([, text]) => NEUTRAL.test(text)).map(([where]) => where);

describe("engine names in what people read", () => {
  it("label modules never say engine A or engine B", () => {
    const files = labelModules();
    expect(files.map((f) => path.relative(root, f))).toContain("components/urls/labels.ts");
    const lines = files.flatMap((f) => readFileSync(f, "utf8").split("\n").map((line, i): [string, string] => [`${path.relative(root, f)}:${i + 1}`, line]));
    expect(offending(lines)).toEqual([]);
  });

  it("issue titles, guidance and severity reasons name Google and Bing", () => {
    const texts: [string, string][] = [
      ...Object.entries(ISSUE_TYPE_NAMES).flatMap(([type, n]): [string, string][] => [[`title ${type}`, n.title], [`short ${type}`, n.shortName], [`description ${type}`, n.description]]),
      ...Object.entries(ISSUE_GUIDANCE).flatMap(([type, g]): [string, string][] => [[`why ${type}`, g.whyItMatters], [`fix ${type}`, g.howToFix]]),
      ...Object.entries(SEVERITY).map(([type, s]): [string, string] => [`severity ${type}`, s.why]),
    ];
    expect(offending(texts)).toEqual([]);
    expect(ISSUE_TYPE_NAMES.gsc_auth_revoked.title).toMatch(/Google/);
    expect(ISSUE_TYPE_NAMES.gsc_auth_revoked.shortName).toMatch(/Google/);
  });

  it("catches the neutral words (the check itself)", () => {
    expect(offending([["a", "Engine A connection revoked"], ["b", "Disconnect engine-B"], ["c", "the second engine"]])).toEqual(["a", "b", "c"]);
    expect(offending([["d", "engineAState"], ["e", "Google Search Console"], ["f", "search engines"]])).toEqual([]);
  });
});
