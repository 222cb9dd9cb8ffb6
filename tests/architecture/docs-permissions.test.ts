import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/lib/auth/permissions";

// The permission matrix of docs/guide/teams-and-sso.md is lib/auth/permissions.ts in words: every permission in
// exactly one row, ticked for exactly the roles that have it.
const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/guide/teams-and-sso.md"), "utf8");
const ROLES = ["owner", "admin", "member"] as const;

describe("docs/guide/teams-and-sso.md, the permission matrix", () => {
  it("ticks every permission for the roles that have it", () => {
    const header = /^\s*\| permission \| owner \| admin \| member \|$/m.exec(doc);
    expect(header).not.toBeNull();
    const rows = doc.slice(header!.index).split("\n").slice(2).filter((l) => /^\s*\|/.test(l));
    const documented: Record<string, string[]> = {};
    for (const row of rows) {
      const cells = row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const roles = ROLES.filter((_, i) => cells[i + 1] === "✓");
      for (const m of cells[0].matchAll(/`([a-z]+\.[a-z]+)`/g)) {
        expect(documented[m[1]], `${m[1]} is in two rows`).toBeUndefined();
        documented[m[1]] = [...roles];
      }
    }
    expect(documented).toEqual(Object.fromEntries(Object.entries(PERMISSIONS).map(([p, r]) => [p, [...r]])));
  });
});
