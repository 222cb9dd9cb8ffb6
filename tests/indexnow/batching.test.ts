import { systemCtx } from "@/lib/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, withTransaction } from "@/lib/db";
import { submitPendingUrls } from "@/lib/indexnow/submit-pending-urls";
import { createTestUser, type TestUser } from "../factories";
import { startFakeIndexNow, type FakeIndexNow } from "../fakes/indexnow-server";
import { addUrls, keyedProject, pendingCount, steppingClock, submissionsOf, submit } from "./helpers";

let fake: FakeIndexNow;
let alice: TestUser;
beforeAll(async () => {
  [fake, alice] = await Promise.all([startFakeIndexNow(), createTestUser("indexnow-batch")]);
});
afterAll(() => fake.close());

describe("IndexNow batching", () => {
  it("sends 25,000 new URLs as 3 requests of at most 10,000, one host each, and records every batch", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 25_000);
    expect(await pendingCount(t)).toBe(25_000);
    fake.reset();
    const run = await submit(t, fake.url, steppingClock());

    expect(run.outcome).toBe("completed");
    expect(run.batches.map((b) => [b.urlCount, b.status, b.responseCode])).toEqual([[10_000, "accepted", 200], [10_000, "accepted", 200], [5_000, "accepted", 200]]);
    expect(fake.requests).toHaveLength(3);
    for (const r of fake.requests) {
      expect(r.method).toBe("POST");
      expect(r.contentType).toBe("application/json; charset=utf-8");
      expect(r.body).toMatchObject({ host: t.domain, key: t.key, keyLocation: `https://${t.domain}/${t.key}.txt` });
      expect(r.answeredWith).toBe(200);
    }
    const sent = fake.requests.flatMap((r) => r.body!.urlList!);
    expect(sent).toHaveLength(25_000);
    expect(new Set(sent).size).toBe(25_000);
    expect(new Set(sent.map((u) => new URL(u).hostname))).toEqual(new Set([t.domain]));

    const rows = await submissionsOf(t);
    expect(rows.map((s) => [s.urlCount, s.status, s.responseCode, s.engine, s.organizationId])).toEqual(
      [[10_000, "accepted", 200, "indexnow", t.orgId], [10_000, "accepted", 200, "indexnow", t.orgId], [5_000, "accepted", 200, "indexnow", t.orgId]]);
    for (const [i, s] of rows.entries()) {
      const detail = await db.submissionUrl.findMany({ where: { submissionId: s.id }, select: { url: true } });
      expect(detail.map((d) => d.url).sort()).toEqual([...fake.requests[i].body!.urlList!].sort());
    }
    expect(await pendingCount(t)).toBe(0);
    const urls = await db.trackedUrl.groupBy({ by: ["indexNowAttempts"], where: { projectId: t.projectId }, _count: true, _min: { lastIndexNowSubmittedAt: true } });
    expect(urls).toEqual([{ indexNowAttempts: 1, _count: 25_000, _min: { lastIndexNowSubmittedAt: rows[0].createdAt } }]);
  }, 120_000);

  it("does not resubmit unchanged URLs; a changed lastmod, a new URL or a material audit change goes out alone", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 5);
    await db.trackedUrl.updateMany({ where: { projectId: t.projectId }, data: { lastmod: new Date("2026-01-01T00:00:00Z") } });
    const clock = steppingClock();
    await submit(t, fake.url, clock);
    fake.reset();
    expect((await submit(t, fake.url, clock)).batches).toEqual([]);
    expect(fake.requests).toHaveLength(0);

    // Seen again with the same lastmod: not a change. A new lastmod: queued again.
    const [a, b, c] = await db.trackedUrl.findMany({ where: { projectId: t.projectId }, orderBy: { url: "asc" }, take: 3 });
    await db.trackedUrl.update({ where: { id: a.id }, data: { lastmod: new Date("2026-01-01T00:00:00Z"), lastSeenInSitemapAt: new Date() } });
    await db.trackedUrl.update({ where: { id: b.id }, data: { lastmod: new Date("2026-02-01T00:00:00Z") } });
    expect(await pendingCount(t)).toBe(1);
    await addUrls(t, 1, "new");
    const { markUrlsChangedForIndexNow } = await import("@/lib/indexnow/mark-urls-changed");
    expect(await withTransaction(systemCtx("test"), (ctx) => markUrlsChangedForIndexNow(ctx, t.projectId, [c.id, crypto.randomUUID()]))).toBe(1);

    const run = await submit(t, fake.url, clock);
    expect(run.batches.map((x) => x.urlCount)).toEqual([3]);
    expect(fake.requests[0].body!.urlList!.sort()).toEqual([b.url, c.url, `https://${t.domain}/new000000`].sort());
    const after = await db.trackedUrl.findMany({ where: { id: { in: [a.id, b.id, c.id] } }, orderBy: { url: "asc" } });
    expect(after.map((u) => u.indexNowAttempts)).toEqual([1, 2, 2]);
    expect(after[1].lastIndexNowSubmittedAt!.getTime()).toBeGreaterThan(after[0].lastIndexNowSubmittedAt!.getTime());
    expect(await pendingCount(t)).toBe(0);
  });

  it("a URL that changes while its batch is in flight stays queued", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 3);
    const target = await db.trackedUrl.findFirstOrThrow({ where: { projectId: t.projectId }, orderBy: { url: "asc" } });
    fake.reset();
    fake.reply({ status: 200, delayMs: 400 });
    const running = submit(t, fake.url, steppingClock(), { maxBatches: 1 });
    await new Promise((r) => setTimeout(r, 200));
    await db.indexNowQueueEntry.update({ where: { trackedUrlId: target.id }, data: { pendingAt: new Date(Date.now() + 60_000) } });
    const run = await running;
    expect(run.batches.map((b) => b.urlCount)).toEqual([3]);
    expect(run.moreDue).toBe(true);
    expect((await db.indexNowQueueEntry.findMany({ where: { projectId: t.projectId } })).map((q) => q.trackedUrlId)).toEqual([target.id]);
    // The next run sends it again, as the change it now carries.
    expect((await submit(t, fake.url)).batches.map((b) => b.urlCount)).toEqual([1]);
    expect(fake.requests[1].body!.urlList).toEqual([target.url]);
  });

  it("projects without a verified key, paused or deleted submit nothing; a key verified later sends the backlog", async () => {
    const unverified = await keyedProject(alice, { verified: false });
    const paused = await keyedProject(alice);
    const deleted = await keyedProject(alice);
    await db.project.update({ where: { id: paused.projectId }, data: { status: "paused" } });
    await db.project.update({ where: { id: deleted.projectId }, data: { deletedAt: new Date(), liveDomain: null } });
    for (const t of [unverified, paused, deleted]) await addUrls(t, 10);
    fake.reset();
    for (const t of [unverified, paused, deleted]) expect((await submit(t, fake.url)).outcome).toBe("ineligible");
    expect(fake.requests).toHaveLength(0);
    expect(await pendingCount(unverified)).toBe(10);

    await db.project.update({ where: { id: unverified.projectId }, data: { indexNowKeyVerifiedAt: new Date() } });
    const run = await submit(unverified, fake.url);
    expect(run.batches.map((b) => [b.urlCount, b.status])).toEqual([[10, "accepted"]]);
  });

  it("one run at a time per project: a concurrent run finds the lease taken and nothing is sent twice", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 30);
    fake.reset();
    fake.setDefault({ status: 200, delayMs: 100 });
    const one = () => submitPendingUrls({ projectId: t.projectId, endpoint: fake.url, batchSize: 10 });
    const [a, b] = await Promise.all([one(), one()]);
    fake.setDefault({ status: 200 });
    expect([a.outcome, b.outcome].sort()).toEqual(["busy", "completed"]);
    const sent = fake.requests.flatMap((r) => r.body!.urlList!);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it("a run stops after maxBatches and reports that more is due", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 25);
    fake.reset();
    const run = await submit(t, fake.url, undefined, { batchSize: 10, maxBatches: 2 });
    expect(run.batches.map((b) => b.urlCount)).toEqual([10, 10]);
    expect(run.moreDue).toBe(true);
    expect((await submit(t, fake.url)).batches.map((b) => b.urlCount)).toEqual([5]);
  });
});
