import { systemCtx } from "@/lib/core/context";
import { beforeAll, describe, expect, it } from "vitest";
import { db, withTransaction } from "@/lib/db";
import { AUDIT_ISSUE_TYPES, type AuditOutcome } from "@/lib/audit/types";
import { applyAuditOutcomes } from "@/lib/inspections/apply-audit-outcomes";
import { createTestUser, type TestUser } from "../factories";
import { counters, getIssue, groupOf, listIssueUrls, openIssueUrls, patchIssue, projectFor, trackUrls, type Target } from "./helpers";

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser("issues-reopen");
});

/** What an audit of the URL saw: a two-hop redirect chain, or a page answering 200 at once. */
function audit(url: string, chain: boolean): AuditOutcome {
  const final = `${url}/final`;
  return {
    url, checkedAt: new Date(), fetched: true, durationMs: 5, robots: null, wafVendor: null,
    healthState: chain ? "redirected" : "healthy", httpStatus: 200, redirectHops: chain ? 2 : 0, redirectTarget: chain ? final : null, healthError: null,
    hops: chain ? [{ url, status: 301 }, { url: `${url}/step`, status: 302 }] : [],
    indexability: "indexable", canonicalUrl: chain ? final : url, metaRobots: null, xRobotsTag: null,
    detected: chain ? ["redirect_chain"] : [], evaluated: [...AUDIT_ISSUE_TYPES],
  };
}

async function audits(t: Target, urls: { trackedUrlId: string; url: string }[], chain: boolean) {
  await withTransaction(systemCtx("test", t.organizationId), (ctx) => applyAuditOutcomes(ctx, { ...t, automatedInspectionsEnabled: false, inspectionCadence: "weekly" },
    urls.map((u) => ({ trackedUrlId: u.trackedUrlId, outcome: audit(u.url, chain), source: "scheduled" as const })), new Date()));
}

const projectUpdates = (issueId: string) =>
  db.auditLog.findMany({ where: { targetType: "issue", targetId: issueId, action: "project_updated" }, orderBy: { createdAt: "asc" } });

describe("Resolve, then Reopen, a redirect-chain group", () => {
  it("brings back the URLs that still redirect, and leaves out those a check found fixed since", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 12);
    await audits(t, urls, true);
    const { id } = await groupOf(t, "redirect_chain");
    expect(await groupOf(t, "redirect_chain")).toMatchObject({ status: "open", affectedUrlCount: 12 });

    const resolved = await patchIssue(t, id, { status: "resolved" });
    expect(resolved.body.data).toMatchObject({ status: "resolved", affectedUrlCount: 0, sampleUrls: [] });
    expect((await counters(t)).stored).toEqual({ openIssues: 0, urlsWithIssues: 0 });

    // While resolved, two URLs are audited and found fixed: they stay out when the group is reopened.
    await audits(t, urls.slice(0, 2), false);
    expect((await groupOf(t, "redirect_chain")).status).toBe("resolved");

    const reopened = await patchIssue(t, id, { status: "open" });
    expect(reopened.res.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ status: "open", resolvedAt: null, affectedUrlCount: 10 });
    expect(reopened.body.data.sampleUrls).toHaveLength(10);
    expect(reopened.body.data.sampleUrls).not.toContain(urls[0].url);
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: 10 });
    const table = await openIssueUrls(t);
    expect(table.table).toEqual(table.recount);
    expect(table.table).toHaveLength(10);

    const page = await listIssueUrls(t, id, "?limit=100");
    const open = page.body.data.filter((m: { resolvedAt: string | null }) => m.resolvedAt === null);
    expect(open.map((m: { url: string }) => m.url).sort()).toEqual(urls.slice(2).map((u) => u.url));

    // Every change is in the audit log, with what the reopen brought back.
    expect((await projectUpdates(id)).map((a) => a.metadata)).toEqual([
      { projectId: t.projectId, issueType: "redirect_chain", from: "open", to: "resolved" },
      { projectId: t.projectId, issueType: "redirect_chain", from: "resolved", to: "open", restoredUrls: 10 },
    ]);

    // A second resolve and reopen: the same ten come back; a check that finds one still redirecting keeps it open.
    await patchIssue(t, id, { status: "resolved" });
    await audits(t, urls.slice(2, 3), true);
    expect(await groupOf(t, "redirect_chain")).toMatchObject({ status: "open", affectedUrlCount: 1 });
    const again = await patchIssue(t, id, { status: "resolved" });
    expect(again.body.data.affectedUrlCount).toBe(0);
    expect((await patchIssue(t, id, { status: "open" })).body.data.affectedUrlCount).toBe(10);
  });

  it("reopens a group whose URLs were all found fixed with none affected, and says so (not “the whole project”)", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 3);
    await audits(t, urls, true);
    const { id } = await groupOf(t, "redirect_chain");
    await patchIssue(t, id, { status: "resolved" });
    await audits(t, urls, false);
    const { body } = await patchIssue(t, id, { status: "open" });
    expect(body.data).toMatchObject({ status: "open", affectedUrlCount: 0 });
    // The next check that clears the type resolves it by itself again.
    await audits(t, urls.slice(0, 1), false);
    expect((await groupOf(t, "redirect_chain")).status).toBe("resolved");
  });
});

describe("Ignoring with a note", () => {
  it("keeps the note, who and when; shows them; audits them; a blank note is none", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 2);
    await audits(t, urls, true);
    const { id } = await groupOf(t, "redirect_chain");

    const note = "Old campaign links: these redirects are intended.";
    const { res, body } = await patchIssue(t, id, { status: "ignored", note: `  ${note} ` });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ status: "ignored", ignoreNote: note, ignoredBy: { userId: user.userId, email: user.email } });
    expect(Date.parse(body.data.ignoredAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await getIssue(t, id)).body.data).toMatchObject({ ignoreNote: note });
    expect((await projectUpdates(id)).at(-1)?.metadata).toEqual({ projectId: t.projectId, issueType: "redirect_chain", from: "open", to: "ignored", note });

    // Another note while ignored replaces it (and is audited); the same status without a note changes nothing.
    const renoted = await patchIssue(t, id, { status: "ignored", note: "   " });
    expect(renoted.body.data).toMatchObject({ status: "ignored", ignoreNote: null });
    expect(await projectUpdates(id)).toHaveLength(2);
    await patchIssue(t, id, { status: "ignored" });
    expect(await projectUpdates(id)).toHaveLength(2);

    // The note of the last ignore stays on the group after a reopen.
    await patchIssue(t, id, { status: "ignored", note });
    const reopened = await patchIssue(t, id, { status: "open" });
    expect(reopened.body.data).toMatchObject({ status: "open", ignoreNote: note, affectedUrlCount: 2 });
  });

  it("refuses a note with another status, a note over 1,000 characters, a NUL or a wrong type (400, nothing changes)", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 1);
    await audits(t, urls, true);
    const { id } = await groupOf(t, "redirect_chain");
    for (const json of [{ status: "resolved", note: "x" }, { status: "open", note: "" }, { status: "ignored", note: "x".repeat(1001) },
      { status: "ignored", note: "a\u0000b" }, { status: "ignored", note: 42 }, { status: "ignored", note: null }]) {
      const r = await patchIssue(t, id, json);
      expect(r.res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await groupOf(t, "redirect_chain")).toMatchObject({ status: "open", ignoreNote: null });
  });
});

describe("GET …/issues/{issueId}/urls: the evidence of each URL", () => {
  it("gives the status, the redirect chain, the canonical and the engines' states", async () => {
    const t = await projectFor(user);
    const [u] = await trackUrls(t, 1);
    await audits(t, [u], true);
    await db.trackedUrl.update({ where: { id: u.trackedUrlId }, data: { engineAState: "crawled_not_indexed", engineBState: "indexed" } });
    const { id } = await groupOf(t, "redirect_chain");
    const { body } = await listIssueUrls(t, id);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].evidence).toEqual({
      healthState: "redirected", httpStatus: 200, healthError: null, redirectTarget: `${u.url}/final`, redirectHops: 2,
      redirectChain: [{ url: u.url, status: 301 }, { url: `${u.url}/step`, status: 302 }],
      canonicalUrl: `${u.url}/final`, indexability: "indexable", metaRobots: null, xRobotsTag: null, robotsRule: null, wafVendor: null,
      engineAState: "crawled_not_indexed", engineBState: "indexed", lastAuditAt: expect.any(String), lastSeenInSitemapAt: null,
    });
  });

  it("answers evidence null for nothing it cannot see, and a never-audited URL has no chain", async () => {
    const t = await projectFor(user);
    const [u] = await trackUrls(t, 1);
    const { recordUrlDetections } = await import("@/lib/issues/detections");
    await withTransaction(systemCtx("test", t.organizationId), (ctx) => recordUrlDetections(ctx, t.projectId, "discovered_not_indexed", { affected: [u], cleared: [] }, {}, new Date()));
    const { id } = await groupOf(t, "discovered_not_indexed");
    const { body } = await listIssueUrls(t, id);
    expect(body.data[0].evidence).toMatchObject({ healthState: "unknown", redirectChain: null, lastAuditAt: null, engineAState: "unknown" });
  });
});
