import { systemCtx } from "@/lib/core/context";
import { beforeAll, describe, expect, it } from "vitest";
import { db, Prisma, withTransaction, outsideTransaction } from "@/lib/db";
import { createTestUser, type TestUser } from "../factories";
import { clearProject, counters, detectProject, detectUrls, getStats, groupOf, openIssueUrls, patchIssue, projectFor, trackUrls } from "./helpers";

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser("issues-counters");
});

describe("WebsiteStats openIssues and urlsWithIssues", () => {
  it("count open groups and distinct URLs in open groups, through every kind of change", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 10);
    const check = async (openIssues: number, urlsWithIssues: number) => {
      const c = await counters(t);
      expect(c.stored).toEqual({ openIssues, urlsWithIssues });
      expect(c.recount).toEqual(c.stored);
      const flagged = await openIssueUrls(t);
      expect(flagged.table).toEqual(flagged.recount);
      expect(flagged.table).toHaveLength(urlsWithIssues);
    };
    await detectUrls(t, "broken_link", urls.slice(0, 6));
    await check(1, 6);
    await detectUrls(t, "has_noindex", urls.slice(4, 10)); // overlaps on 4 and 5
    await check(2, 10);
    await detectProject(t, "sitemap_missing");
    await check(3, 10);
    await detectUrls(t, "broken_link", [], urls.slice(0, 5));
    await check(3, 6); // broken_link keeps 5, has_noindex 4-9
    await patchIssue(t, (await groupOf(t, "has_noindex")).id, { status: "ignored" });
    await check(2, 1);
    await clearProject(t, "sitemap_missing");
    await check(1, 1);
    await patchIssue(t, (await groupOf(t, "has_noindex")).id, { status: "open" });
    await check(2, 6);
    await patchIssue(t, (await groupOf(t, "broken_link")).id, { status: "resolved" });
    await check(1, 6);
    const { body } = await getStats(t);
    expect(body.data).toMatchObject({ openIssues: 1, urlsWithIssues: 6, totalUrls: 10 });
  });

  it("a project-level detection creates the stats row of a project without URLs", async () => {
    const t = await projectFor(user);
    expect(await db.websiteStats.findUnique({ where: { projectId: t.projectId } })).toBeNull();
    await detectProject(t, "indexnow_key_invalid");
    const { body } = await getStats(t);
    expect(body.data).toMatchObject({ id: expect.any(String), openIssues: 1, urlsWithIssues: 0, totalUrls: 0 });
  });

  it("stay exact under concurrent detections of two types and concurrent PATCHes", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 400);
    const slice = (i: number, n: number) => Array.from({ length: n }, (_, k) => urls[(i * 37 + k * 7) % urls.length]);
    await detectUrls(t, "broken_link", slice(0, 50));
    await detectUrls(t, "server_error", slice(1, 50));
    const ids = [(await groupOf(t, "broken_link")).id, (await groupOf(t, "server_error")).id];
    for (let round = 0; round < 6; round++) {
      await Promise.all([
        detectUrls(t, "broken_link", slice(round, 80), slice(round + 3, 40)),
        detectUrls(t, "server_error", slice(round + 1, 80), slice(round + 5, 40)),
        detectUrls(t, "redirect_chain", slice(round + 2, 60), slice(round, 60)),
        detectProject(t, round % 2 ? "sitemap_missing" : "sitemap_parse_error"),
        clearProject(t, round % 2 ? "sitemap_parse_error" : "sitemap_missing"),
        patchIssue(t, ids[round % 2], { status: (["ignored", "open", "resolved"] as const)[round % 3] }),
      ]);
      const c = await counters(t);
      expect(c.stored, `round ${round}`).toEqual(c.recount);
      const flagged = await openIssueUrls(t);
      expect(flagged.table, `open_issue_urls round ${round}`).toEqual(flagged.recount);
      for (const g of await db.issue.findMany({ where: { projectId: t.projectId } })) {
        expect(g.affectedUrlCount, `${g.type} round ${round}`).toBe(await db.issueUrlMembership.count({ where: { issueId: g.id, resolvedAt: null } }));
      }
    }
    expect((await counters(t)).stored.urlsWithIssues).toBeGreaterThan(0);
  });
});

describe("PATCH beside a tracked_urls writer", () => {
  it("never waits for URL rows: both commit and the counters stay exact", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 3);
    await detectUrls(t, "server_error", urls);
    const { id } = await groupOf(t, "server_error");
    let patched: ReturnType<typeof patchIssue> | undefined;
    // The writer locks a URL row, lets the PATCH take the stats row and wait for that URL, then wants the stats row.
    const writer = withTransaction(systemCtx("test"), async (ctx) => {
      const { tx } = ctx;
      await tx.$queryRaw(Prisma.sql`SELECT 1 FROM tracked_urls WHERE id = ${urls[0].trackedUrlId}::uuid FOR UPDATE`);
      // The PATCH is another request beside this transaction, not inside it (lib/db/transaction-scope.ts).
      patched = outsideTransaction(() => patchIssue(t, id, { status: "resolved" }));
      await new Promise((r) => setTimeout(r, 300));
      await tx.$executeRaw(Prisma.sql`UPDATE tracked_urls SET health_state = 'healthy' WHERE id = ${urls[1].trackedUrlId}::uuid`);
    }, { timeout: 20_000 });
    const [w] = await Promise.allSettled([writer]);
    const { res, body } = await patched!;
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ status: "resolved", affectedUrlCount: 0 });
    expect(w.status).toBe("fulfilled");
    const c = await counters(t);
    expect(c.stored).toEqual(c.recount);
  });
});

describe("open_issue_urls (the hasIssues filter)", () => {
  it("copies discoveredAt, and loses rows when a group or a URL is deleted", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 6);
    await detectUrls(t, "broken_link", urls.slice(0, 4));
    await detectUrls(t, "server_error", urls.slice(2, 6));
    const rows = await db.openIssueUrl.findMany({ where: { projectId: t.projectId }, include: { trackedUrl: { select: { discoveredAt: true } } } });
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.discoveredAt).toEqual(r.trackedUrl.discoveredAt);
    // A deleted group takes its memberships with it: URLs held only by it leave, shared ones stay.
    await db.issue.delete({ where: { id: (await groupOf(t, "broken_link")).id } });
    expect((await openIssueUrls(t)).table).toEqual((await openIssueUrls(t)).recount);
    expect((await openIssueUrls(t)).table).toHaveLength(4);
    await db.trackedUrl.delete({ where: { id: urls[5].trackedUrlId } });
    const after = await openIssueUrls(t);
    expect(after.table).toEqual(after.recount);
    expect(after.table).toHaveLength(3);
  });

  it("a membership written directly (not through the detections API) is reflected too", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 3);
    await detectUrls(t, "broken_link", urls.slice(0, 1));
    const { id } = await groupOf(t, "broken_link");
    await db.issueUrlMembership.createMany({ data: urls.slice(1).map((u) => ({ organizationId: t.organizationId, issueId: id, trackedUrlId: u.trackedUrlId, url: u.url, detectedAt: new Date() })) });
    expect((await openIssueUrls(t)).table).toHaveLength(3);
    await db.issueUrlMembership.updateMany({ where: { issueId: id, trackedUrlId: urls[0].trackedUrlId }, data: { resolvedAt: new Date() } });
    const after = await openIssueUrls(t);
    expect(after.table).toEqual(after.recount);
    expect(after.table).toHaveLength(2);
  });
});
