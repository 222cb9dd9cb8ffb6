import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { claimSubmissionLease } from "@/lib/indexnow/lease";
import { BACKOFF_BASE_MS, RESPONSE_BODY_MAX_BYTES } from "@/lib/indexnow/limits";
import { createTestUser, type TestUser } from "../factories";
import { startFakeIndexNow, type FakeIndexNow } from "../fakes/indexnow-server";
import { addUrls, keyedProject, keyIssue, pendingCount, steppingClock, submissionsOf, submit } from "./helpers";

let fake: FakeIndexNow;
let alice: TestUser;
beforeAll(async () => {
  [fake, alice] = await Promise.all([startFakeIndexNow(), createTestUser("indexnow-status")]);
});
afterAll(() => fake.close());

const MINUTE = 60_000;

describe("IndexNow answers, one by one", () => {
  // [answer, Submission.status, URLs delivered, URLs leave the backlog]
  const cases = [
    [200, "accepted", true, true], [202, "submitted", true, true],
    [400, "rejected", false, true], [403, "rejected", false, false], [422, "rejected", false, true],
    [429, "error", false, false], [500, "error", false, false], [503, "error", false, false],
  ] as const;

  it.each(cases)("HTTP %i is recorded as %s", async (code, status, delivered, leaves) => {
    const t = await keyedProject(alice);
    await addUrls(t, 2);
    fake.reset();
    fake.reply({ status: code, body: `answer ${code}` });
    const clock = steppingClock();
    const run = await submit(t, fake.url, clock);

    expect(fake.requests).toHaveLength(1);
    expect(run.batches).toHaveLength(1);
    const [row] = await submissionsOf(t);
    expect(row).toMatchObject({ status, responseCode: code, responseBody: `answer ${code}`, urlCount: 2, engine: "indexnow" });
    expect(row.error === null).toBe(delivered);
    expect(await pendingCount(t)).toBe(leaves ? 0 : 2);
    const urls = await db.trackedUrl.findMany({ where: { projectId: t.projectId } });
    expect(urls.map((u) => [u.indexNowAttempts, u.lastIndexNowSubmittedAt?.getTime() ?? null])).toEqual(
      urls.map(() => [1, delivered ? row.createdAt.getTime() : null]));
    // A failure stops the run and backs the project off; a delivery does not.
    expect(run.nextAttemptAt === null).toBe(delivered);
    expect(((await keyIssue(t))?.status ?? null)).toBe(code === 403 ? "open" : null);
  });

  it("no answer at all (connection refused) is an error with no response code, retried later", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 1);
    const run = await submit(t, "http://127.0.0.1:9/indexnow");
    const [row] = await submissionsOf(t);
    expect(row).toMatchObject({ status: "error", responseCode: null, responseBody: null });
    expect(row.error).toMatch(/could not be reached/);
    expect(run.nextAttemptAt).not.toBeNull();
    expect(await pendingCount(t)).toBe(1);
  });
});

describe("indexnow_key_invalid", () => {
  it("a 403 raises the project-level issue; a later accepted batch resolves it", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 3);
    fake.reset();
    fake.reply({ status: 403, body: "Forbidden" });
    const clock = steppingClock();
    await submit(t, fake.url, clock);
    const raised = await keyIssue(t);
    expect(raised).toMatchObject({ status: "open", severity: "critical", affectedUrlCount: 0 });
    expect(raised!.metadata).toMatchObject({ responseCode: 403, keyLocation: `https://${t.domain}/${t.key}.txt` });
    expect(await pendingCount(t)).toBe(3);

    // Still refused after the backoff: the issue stays open, the URLs stay queued (403 never gives them up).
    clock.advance(BACKOFF_BASE_MS + 1);
    fake.reply({ status: 403 });
    await submit(t, fake.url, clock);
    expect((await keyIssue(t))!.status).toBe("open");
    expect(await pendingCount(t)).toBe(3);

    clock.advance(2 * BACKOFF_BASE_MS + 1);
    const run = await submit(t, fake.url, clock);
    expect(run.batches.map((b) => b.status)).toEqual(["accepted"]);
    const resolved = await keyIssue(t);
    expect(resolved).toMatchObject({ id: raised!.id, status: "resolved" });
    expect(resolved!.resolvedAt).not.toBeNull();
    expect((await submissionsOf(t)).map((s) => [s.status, s.responseCode])).toEqual([["rejected", 403], ["rejected", 403], ["accepted", 200]]);
  });

  it("a 403 for a key replaced while the batch was in flight raises no issue for the new key", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 2);
    fake.reset();
    fake.reply({ status: 403, delayMs: 300 });
    const running = submit(t, fake.url, steppingClock());
    await new Promise((r) => setTimeout(r, 100));
    await db.project.update({ where: { id: t.projectId }, data: { indexNowKey: "replaced-key-1234", indexNowKeyVerifiedAt: new Date() } });
    await running;
    expect(fake.requests[0].body!.key).toBe(t.key);
    expect((await submissionsOf(t)).map((s) => [s.status, s.responseCode])).toEqual([["rejected", 403]]);
    expect(await keyIssue(t)).toBeNull();
    expect(await pendingCount(t)).toBe(2);
  });
});

describe("429 and backoff", () => {
  it("records the batch as error, respects Retry-After, and retries the same URLs later", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 4);
    fake.reset();
    fake.reply({ status: 429, body: "Too Many Requests", headers: { "retry-after": "1200" } });
    const clock = steppingClock();
    const start = clock.at();
    const first = await submit(t, fake.url, clock);
    expect(first.batches.map((b) => [b.status, b.responseCode])).toEqual([["error", 429]]);
    const next = new Date(first.nextAttemptAt!).getTime();
    expect(next - start.getTime()).toBeGreaterThanOrEqual(20 * MINUTE);
    expect(next - start.getTime()).toBeLessThan(21 * MINUTE);

    // Before Retry-After has passed: no request at all.
    clock.advance(10 * MINUTE);
    const early = await submit(t, fake.url, clock);
    expect(early).toMatchObject({ outcome: "backoff", batches: [] });
    expect(fake.requests).toHaveLength(1);

    clock.advance(11 * MINUTE);
    const later = await submit(t, fake.url, clock);
    expect(later.batches.map((b) => [b.status, b.urlCount])).toEqual([["accepted", 4]]);
    expect(fake.requests[1].body!.urlList!.sort()).toEqual(fake.requests[0].body!.urlList!.sort());
    expect(await pendingCount(t)).toBe(0);
    const urls = await db.trackedUrl.findMany({ where: { projectId: t.projectId } });
    expect(urls.every((u) => u.indexNowAttempts === 2 && u.lastIndexNowSubmittedAt !== null)).toBe(true);
    const state = await db.indexNowState.findUniqueOrThrow({ where: { projectId: t.projectId } });
    expect(state).toMatchObject({ consecutiveFailures: 0, nextAttemptAt: null, leaseToken: null });
  });

  it("without Retry-After the backoff doubles per consecutive failure", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 1);
    fake.reset();
    fake.reply({ status: 429 }, { status: 500 });
    const clock = steppingClock();
    const a = await submit(t, fake.url, clock);
    expect(new Date(a.nextAttemptAt!).getTime() - clock.at().getTime()).toBeGreaterThan(BACKOFF_BASE_MS - 1000);
    clock.advance(BACKOFF_BASE_MS + 1);
    const at = clock.at().getTime();
    const b = await submit(t, fake.url, clock);
    expect(new Date(b.nextAttemptAt!).getTime() - at).toBeGreaterThanOrEqual(2 * BACKOFF_BASE_MS);
    expect(await claimSubmissionLease(t.projectId, new Date(at + BACKOFF_BASE_MS))).toMatchObject({ claimed: false, reason: "backoff" });
  });

  it("never gives a URL up during an outage: after 12 failed batches it goes out once the endpoint answers", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 1);
    fake.reset();
    fake.setDefault({ status: 500 });
    const clock = steppingClock();
    for (let i = 0; i < 12; i++) {
      await submit(t, fake.url, clock);
      expect(await pendingCount(t)).toBe(1);
      clock.advance(7 * 3600_000);
    }
    fake.setDefault({ status: 200 });
    const run = await submit(t, fake.url, clock);
    expect(run.batches.map((b) => b.status)).toEqual(["accepted"]);
    expect(fake.requests).toHaveLength(13);
    expect(await pendingCount(t)).toBe(0);
    const [u] = await db.trackedUrl.findMany({ where: { projectId: t.projectId } });
    expect(u.indexNowAttempts).toBe(13);
    expect(u.lastIndexNowSubmittedAt).not.toBeNull();
  });

  it("a rejected batch (422) does not hold back the newer URLs behind it", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 3, "old");
    const clock = steppingClock();
    fake.reset();
    fake.reply({ status: 422, body: "Unprocessable" });
    await submit(t, fake.url, clock, { batchSize: 3 });
    await addUrls(t, 2, "new");
    clock.advance(BACKOFF_BASE_MS + 1);
    const run = await submit(t, fake.url, clock, { batchSize: 3 });
    expect(run.batches.map((b) => [b.status, b.urlCount])).toEqual([["accepted", 2]]);
    expect(fake.requests[1].body!.urlList!.every((u) => u.includes("/new"))).toBe(true);
    expect(await pendingCount(t)).toBe(0);
  });
});

describe("response bodies", () => {
  it(`keeps at most ${RESPONSE_BODY_MAX_BYTES} bytes, cut at a character boundary`, async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 1);
    const body = "x" + "é".repeat(10_000) + "tail";
    fake.reset();
    fake.reply({ status: 200, body });
    await submit(t, fake.url);
    const [row] = await submissionsOf(t);
    const stored = row.responseBody!;
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(RESPONSE_BODY_MAX_BYTES);
    expect(Buffer.byteLength(stored)).toBeGreaterThan(RESPONSE_BODY_MAX_BYTES - 2);
    expect(body.startsWith(stored)).toBe(true);
    expect(stored).not.toContain("\uFFFD");
  });
});
