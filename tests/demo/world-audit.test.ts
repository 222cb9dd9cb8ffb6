// The demo's daily snapshots (scripts/demo-seed.ts) count broken and redirected URLs from the demo world rather
// than from the audits, so the world's notion of an audited URL must be the audit's: a redirect whose last page
// answers 404 or 500 is broken, not redirected (a demo once charted 51 broken URLs yesterday beside a live counter
// of 53 with no audit in between: two sale redirects to products that answer 404 and 500).
import { describe, expect, it } from "vitest";
import { answer, auditedKindAt, catalogue, entryByPath, ORIGIN, raisesAuditIssue } from "@/scripts/demo-world";

/** The final status a client following redirects gets for the path `daysAgo` days before T. */
function finalStatus(path: string, daysAgo: number, byPath: ReturnType<typeof entryByPath>): number {
  let a = answer(path, daysAgo, byPath);
  for (let hops = 0; hops < 10 && a.status >= 300 && a.status < 400; hops++) a = answer(new URL(a.headers.location, ORIGIN).pathname, daysAgo, byPath);
  return a.status;
}

describe("the demo world's audited kinds", () => {
  it.each([3, 60])("count as broken exactly the URLs whose final answer is 404 or 500, redirects included (%i days ago)", (daysAgo) => {
    const byPath = entryByPath();
    const entries = catalogue();
    const brokenByAnswer = entries.filter((e) => [404, 500].includes(finalStatus(e.path, daysAgo, byPath))).map((e) => e.path);
    const brokenByKind = entries.filter((e) => ["not_found", "server_error"].includes(auditedKindAt(e, daysAgo))).map((e) => e.path);
    expect(brokenByKind).toEqual(brokenByAnswer);
    expect(brokenByKind.some((p) => p.startsWith("/sale/"))).toBe(true);
  });
});

// The open-issue chart of the demo's history counted a plain one-hop redirect as an issue type, which no audit raises.
describe("the kinds the demo's snapshots count as issues", () => {
  it("are the kinds an audit raises an issue group for: not a healthy page, not a plain redirect", () => {
    expect(raisesAuditIssue("redirect")).toBe(false);
    expect(raisesAuditIssue("healthy")).toBe(false);
    expect(raisesAuditIssue(null)).toBe(false);
    for (const k of ["chain", "not_found", "server_error", "noindex", "variant", "waf", "robots"] as const) expect(raisesAuditIssue(k), k).toBe(true);
  });
});
