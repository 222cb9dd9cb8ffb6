import { beforeAll, describe, expect, it } from "vitest";
import { db, IssueType } from "@/lib/db";
import { ISSUE_TYPES } from "@/lib/issues/schemas";
import { SEVERITY } from "@/lib/issues/severity";
import { recentEvents } from "@/lib/events/event-log";
import { flushOutbox } from "@/lib/events/outbox";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import { createTestUser, type TestUser } from "../factories";
import { counters, detectProject, detectUrls, groupOf, listIssues, listIssueUrls, patchIssue, projectFor, trackUrls, type Target } from "./helpers";

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser("issues-list");
});

type Row = { id: string; type: string; severity: string; status: string; affectedUrlCount: number };

describe("issue types", () => {
  it("the API enumeration mirrors the database enum and every type has a documented severity", () => {
    expect([...ISSUE_TYPES].sort()).toEqual(Object.values(IssueType).sort());
    expect(Object.keys(SEVERITY).sort()).toEqual([...ISSUE_TYPES].sort());
    for (const { why } of Object.values(SEVERITY)) expect(why.length).toBeGreaterThan(10);
  });
});

describe("GET issues", () => {
  let t: Target;
  beforeAll(async () => {
    t = await projectFor(user);
    const urls = await trackUrls(t, 8);
    await detectUrls(t, "broken_link", urls.slice(0, 2));           // warning, 2
    await detectUrls(t, "stale_missing_from_sitemap", urls.slice(0, 5)); // warning, 5
    await detectUrls(t, "server_error", urls.slice(0, 1));          // critical, 1
    await detectProject(t, "sitemap_unreachable");                  // critical, 0
    await detectUrls(t, "discovered_not_indexed", urls);            // info, 8
    await detectUrls(t, "redirect_chain", urls.slice(0, 3));        // warning, 3 → resolved below
    await detectUrls(t, "redirect_chain", [], urls.slice(0, 3));
  });

  it("orders by severity (critical first), then affectedUrlCount descending", async () => {
    const { res, body } = await listIssues(t);
    expect(res.status).toBe(200);
    expect(body.meta).toEqual({ total: 6, offset: 0, limit: 20, hasMore: false });
    expect((body.data as Row[]).map((r) => [r.type, r.affectedUrlCount])).toEqual([
      ["server_error", 1], ["sitemap_unreachable", 0],
      ["stale_missing_from_sitemap", 5], ["broken_link", 2], ["redirect_chain", 0],
      ["discovered_not_indexed", 8],
    ]);
  });

  it("filters by type, severity and status, combined with AND, with exact totals and pages", async () => {
    const types = async (q: string) => ((await listIssues(t, q)).body.data as Row[]).map((r) => r.type);
    expect(await types("?severity=warning")).toEqual(["stale_missing_from_sitemap", "broken_link", "redirect_chain"]);
    expect(await types("?severity=warning&status=open")).toEqual(["stale_missing_from_sitemap", "broken_link"]);
    expect(await types("?status=resolved")).toEqual(["redirect_chain"]);
    expect(await types("?type=server_error")).toEqual(["server_error"]);
    expect(await types("?type=has_noindex")).toEqual([]);
    expect(await types("?status=ignored")).toEqual([]);
    expect(await types("?severity=")).toHaveLength(6);
    const page = await listIssues(t, "?offset=2&limit=2");
    expect(page.body.meta).toEqual({ total: 6, offset: 2, limit: 2, hasMore: true });
    expect((page.body.data as Row[]).map((r) => r.type)).toEqual(["stale_missing_from_sitemap", "broken_link"]);
  });

  it("answers 400 for unknown filter values and bad pagination", async () => {
    for (const q of ["?type=nope", "?severity=high", "?status=closed", "?limit=101", "?offset=-1", "?type=SERVER_ERROR"]) {
      const { res, body } = await listIssues(t, q);
      expect(res.status, q).toBe(400);
      expect(body.code, q).toBe("VALIDATION_ERROR");
    }
  });

  it("a project without issues lists nothing", async () => {
    const { body } = await listIssues(await projectFor(user));
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, hasMore: false });
  });
});

describe("PATCH issues/{issueId}", () => {
  const resolvedEvents = (issueId: string) => recentEvents("issue.resolved").filter((e) => e.data.issueId === issueId);

  it("resolves by hand: memberships resolve, counters drop, issue.resolved is emitted once after commit", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 5);
    await detectUrls(t, "server_error", urls, [], { code: 502 });
    const g = await groupOf(t, "server_error");

    const { res, body } = await patchIssue(t, g.id, { status: "resolved" });
    expect(res.status).toBe(200);
    expect(resolvedEvents(g.id)).toHaveLength(0); // in the outbox until it is flushed
    await flushOutbox({ organizationId: t.organizationId });
    expect(body.data).toMatchObject({ id: g.id, status: "resolved", affectedUrlCount: 0, sampleUrls: [], metadata: { code: 502 } });
    expect(body.data.resolvedAt).toEqual(expect.any(String));
    expect(await db.issueUrlMembership.count({ where: { issueId: g.id, resolvedAt: null } })).toBe(0);
    expect((await counters(t)).stored).toEqual({ openIssues: 0, urlsWithIssues: 0 });

    const events = resolvedEvents(g.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: `issue-resolved-${g.id}-${body.data.resolvedAt}`,
      data: { organizationId: t.organizationId, projectId: t.projectId, issueId: g.id, resolvedAt: body.data.resolvedAt, actorUserId: user.userId },
    });

    // The same status again: 200, unchanged, no second event.
    const again = await patchIssue(t, g.id, { status: "resolved" });
    expect(again.res.status).toBe(200);
    expect(again.body.data).toEqual(body.data);
    await flushOutbox({ organizationId: t.organizationId });
    expect(resolvedEvents(g.id)).toHaveLength(1);
    await whenInProcessIdle();

    // A later detection reopens it.
    await detectUrls(t, "server_error", urls.slice(0, 2));
    expect(await groupOf(t, "server_error")).toMatchObject({ status: "open", affectedUrlCount: 2, resolvedAt: null });
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: 2 });
  });

  it("ignore silences, open reopens, resolve from ignored emits; every move is allowed", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 3);
    await detectUrls(t, "has_noindex", urls);
    const { id } = await groupOf(t, "has_noindex");

    let r = await patchIssue(t, id, { status: "ignored" });
    expect(r.body.data).toMatchObject({ status: "ignored", resolvedAt: null, affectedUrlCount: 3 });
    expect((await counters(t)).stored).toEqual({ openIssues: 0, urlsWithIssues: 0 });

    r = await patchIssue(t, id, { status: "open" });
    expect(r.body.data).toMatchObject({ status: "open", resolvedAt: null, affectedUrlCount: 3 });
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: 3 });

    await patchIssue(t, id, { status: "ignored" });
    r = await patchIssue(t, id, { status: "resolved" });
    expect(r.body.data).toMatchObject({ status: "resolved", affectedUrlCount: 0 });
    await flushOutbox({ organizationId: t.organizationId });
    expect(resolvedEvents(id)).toHaveLength(1);

    r = await patchIssue(t, id, { status: "ignored" });
    expect(r.body.data).toMatchObject({ status: "ignored", resolvedAt: null });
    await flushOutbox({ organizationId: t.organizationId });
    expect(resolvedEvents(id)).toHaveLength(1);

    r = await patchIssue(t, id, { status: "resolved" });
    await flushOutbox({ organizationId: t.organizationId });
    expect(resolvedEvents(id)).toHaveLength(2);
    // Reopening brings back the URLs the manual resolves closed (no check has found them fixed since).
    r = await patchIssue(t, id, { status: "open" });
    expect(r.body.data).toMatchObject({ status: "open", resolvedAt: null, affectedUrlCount: 3 });
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: 3 });
    expect(resolvedEvents(id)).toHaveLength(2);

    const urlsPage = await listIssueUrls(t, id);
    expect(urlsPage.body.data.every((m: { resolvedAt: string | null }) => m.resolvedAt === null)).toBe(true);
  });

  it("rejects bad bodies with 400 and changes nothing", async () => {
    const t = await projectFor(user);
    await detectProject(t, "gsc_auth_revoked");
    const { id } = await groupOf(t, "gsc_auth_revoked");
    for (const json of [{}, { status: "closed" }, { status: "open", extra: 1 }, { status: null }, []]) {
      const { res, body } = await patchIssue(t, id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    expect((await groupOf(t, "gsc_auth_revoked")).status).toBe("open");
    expect(resolvedEvents(id)).toHaveLength(0);
  });
});
