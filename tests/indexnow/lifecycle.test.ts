import { systemCtx } from "@/lib/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as urlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/route";
import { db, withTransaction } from "@/lib/db";
import { listDueProjects, listUnsettledProjects } from "@/lib/indexnow/list-due-projects";
import { DETAIL_RETENTION_MS } from "@/lib/indexnow/limits";
import { purgeSubmissionDetails } from "@/lib/indexnow/purge-submission-details";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import { triggerCronNow } from "@/lib/jobs/scheduler";
import { submitPendingUrls } from "@/lib/indexnow/submit-pending-urls";
import { settleNextSubmission } from "@/lib/indexnow/settle-submissions";
import { dispatchInProcess } from "@/lib/jobs/dispatch-in-process";
import { runInProcess, type Emit } from "@/lib/jobs/in-process-runner";
import { sweepPendingSubmissionsFn } from "@/inngest/functions/indexnow/sweep-pending-submissions";
import { settleProjectSubmissionsFn } from "@/inngest/functions/indexnow/settle-project-submissions";
import { submitProjectUrlsFn } from "@/inngest/functions/indexnow/submit-project-urls";
import { indexNowSettleRequested, indexNowSubmissionRequested } from "@/lib/events/catalogue";
import { createSafeFetcher } from "@/lib/net/safe-fetch";
import { verifyKey } from "@/lib/verification";
import { call } from "../http";
import { createTestUser, type TestUser } from "../factories";
import { runUnderInngest } from "../inngest-engine";
import { startFakeIndexNow, type FakeIndexNow } from "../fakes/indexnow-server";
import { startTestSite, type TestSite } from "../fakes/test-site";
import { createTenant, type Tenant } from "../verification/helpers";
import { commit, csvOf, pages, preview, waitForImport } from "../imports/helpers";
import { addUrls, keyedProject, pendingCount, steppingClock, submissionsOf, submit } from "./helpers";

let fake: FakeIndexNow;
let site: TestSite;
let alice: TestUser;
let bob: Tenant;
const endpointBefore = process.env.INDEXNOW_ENDPOINT;
beforeAll(async () => {
  [fake, site, alice, bob] = await Promise.all([
    startFakeIndexNow(), startTestSite({ hostnames: ["*.indexnow.test"] }), createTestUser("indexnow-life"), createTenant("indexnow-verify"),
  ]);
  process.env.INDEXNOW_ENDPOINT = fake.url;
});
afterAll(async () => {
  process.env.INDEXNOW_ENDPOINT = endpointBefore;
  await Promise.all([fake.close(), site.close()]);
});

const settledQuiet = async () => { await whenInProcessIdle(); await whenInProcessIdle(); };

describe("automatic submission, end to end", () => {
  it("URLs admitted by hand are submitted by the function the admission triggers, then their columns settle", async () => {
    const t = await keyedProject(alice);
    fake.reset();
    const urls = [`https://${t.domain}/a`, `https://${t.domain}/b`];
    const { res } = await call(urlsRoute.POST, {
      method: "POST", url: `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/urls`, headers: t.headers,
      json: { urls }, params: { organizationId: t.orgId, id: t.projectId },
    });
    expect(res.status).toBe(200);
    await settledQuiet();
    expect(fake.requests.map((r) => r.body!.urlList!.sort())).toEqual([urls]);
    expect((await submissionsOf(t)).map((s) => s.status)).toEqual(["accepted"]);
    const rows = await db.trackedUrl.findMany({ where: { projectId: t.projectId } });
    expect(rows.every((r) => r.indexNowAttempts === 1 && r.lastIndexNowSubmittedAt)).toBe(true);
  });

  it("an import commit of 2,500 URLs (3 chunks) is submitted once it completes, in one batch", async () => {
    const t = await keyedProject(alice);
    fake.reset();
    const data = await preview({ ...t, orgId: t.orgId }, csvOf(t.domain, pages(2_500)));
    expect((await commit({ ...t, orgId: t.orgId }, data.id)).res.status).toBe(200);
    expect((await waitForImport(data.id)).status).toBe("completed");
    await settledQuiet();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].body!.urlList).toHaveLength(2_500);
    expect(await pendingCount(t)).toBe(0);
  });

  it("a project that may not submit sends no event; verifying the key later sends its backlog", async () => {
    const t = await keyedProject(alice, { verified: false });
    await addUrls(t, 3);
    fake.reset();
    expect(await requestProjectSubmission(t.projectId, "urls_admitted")).toEqual({ requested: false });
    await settledQuiet();
    expect(fake.requests).toHaveLength(0);

    // A 403 backoff left from before does not hold the backlog once the key is verified.
    await db.indexNowState.create({ data: { projectId: t.projectId, organizationId: t.orgId, nextAttemptAt: new Date(Date.now() + 3600_000), consecutiveFailures: 3 } });
    await db.project.update({ where: { id: t.projectId }, data: { indexNowKeyVerifiedAt: new Date() } });
    expect(await requestProjectSubmission(t.projectId, "key_verified")).toEqual({ requested: true });
    await settledQuiet();
    expect(fake.requests.flatMap((r) => r.body!.urlList!)).toHaveLength(3);
    expect(await pendingCount(t)).toBe(0);
  });

  it("POST verify-key sends the backlog that waited for the key, with no other call", async () => {
    const t = await keyedProject(bob, { verified: false, zone: "indexnow.test" });
    await addUrls(t, 4);
    fake.reset();
    site.route(`/${t.key}.txt`, { body: t.key, headers: { "content-type": "text/plain" } });
    const fetcher = createSafeFetcher({ connectTo: site.connectTo([t.domain]), tlsCa: site.ca });
    const verified = await verifyKey(bob.ctx, t.projectId, { fetcher });
    expect(verified.error).toBeNull();
    expect(verified.verified).toBe(true);
    await settledQuiet();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].body).toMatchObject({ host: t.domain, key: t.key, keyLocation: `https://${t.domain}/${t.key}.txt` });
    expect(fake.requests[0].body!.urlList).toHaveLength(4);
    expect(await pendingCount(t)).toBe(0);
  });

  it("the sweep queues what events missed: projects with a backlog, and batches not yet settled", async () => {
    const t = await keyedProject(alice);
    const unverified = await keyedProject(alice, { verified: false });
    await addUrls(t, 4);
    await addUrls(unverified, 4);
    expect((await listDueProjects(null, 10_000)).map((p) => p.id)).toContain(t.projectId);
    expect((await listDueProjects(null, 10_000)).map((p) => p.id)).not.toContain(unverified.projectId);

    // Submitted without settling (as if the settle event were lost): the sweep finds it too.
    fake.reset();
    await submitPendingUrls({ projectId: t.projectId, endpoint: fake.url, batchSize: 2, maxBatches: 1 });
    expect((await listUnsettledProjects(null, 10_000)).map((p) => p.id)).toContain(t.projectId);

    // The sweep function as its cron runs it, its fan-out limited to this suite's projects: other
    // suites' projects (run in parallel on the same database) are theirs to submit.
    const mine = new Set([t.projectId, unverified.projectId]);
    const emitted: { name: string; data?: Record<string, unknown> }[] = [];
    const emit: Emit = (payloads) => {
      const ours = payloads.filter((p) => mine.has(String(p.data?.projectId)));
      emitted.push(...ours);
      return dispatchInProcess(ours);
    };
    const event = { name: "inngest/scheduled.timer", data: {}, id: crypto.randomUUID(), ts: Date.now() };
    await runInProcess(sweepPendingSubmissionsFn, event, { emit });
    expect(emitted.map((e) => [e.name, e.data?.projectId])).toEqual([
      ["indexnow/submission.requested", t.projectId], ["indexnow/settle.requested", t.projectId]]);
    await settledQuiet();
    expect(await pendingCount(t)).toBe(0);
    expect(fake.requests.flatMap((r) => r.body!.urlList!)).toHaveLength(4);
    expect((await listUnsettledProjects(null, 10_000)).map((p) => p.id)).not.toContain(t.projectId);
    const rows = await db.trackedUrl.findMany({ where: { projectId: t.projectId } });
    expect(rows.map((r) => r.indexNowAttempts)).toEqual([1, 1, 1, 1]);
    expect(await pendingCount(unverified)).toBe(4);
  });
});

describe("per-URL detail retention", () => {
  // Needs two transactions at once: the embedded database (PGlite) has a single backend, so this one
  // runs on PostgreSQL only (CI, or DATABASE_URL set).
  it.skipIf(Boolean(process.env.TEST_EMBEDDED_DB))("settling never waits behind a writer holding the URLs' rows: it fails fast and succeeds once they are free", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 3);
    fake.reset();
    await submitPendingUrls({ projectId: t.projectId, endpoint: fake.url });
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => { locked = r; });
    // A long writer (as a sitemap sync is) holds one of the batch's rows.
    const writer = withTransaction(systemCtx("test"), async (ctx) => {
      const { tx } = ctx;
      await tx.$executeRaw`UPDATE tracked_urls SET updated_at = now() WHERE project_id = ${t.projectId}::uuid AND url LIKE '%p000001'`;
      locked();
      await held;
    }, { timeout: 20_000 });
    await isLocked;
    const started = Date.now();
    await expect(settleNextSubmission(t.projectId)).rejects.toThrow(/lock timeout/i);
    expect(Date.now() - started).toBeLessThan(3_000);
    release();
    await writer;
    expect(await settleNextSubmission(t.projectId)).toMatchObject({ settled: true, urls: 3 });
  });

  it("the daily purge deletes detail older than 90 days and keeps every batch summary", async () => {
    const t = await keyedProject(alice);
    const now = new Date();
    await addUrls(t, 3, "old");
    await submit(t, fake.url, steppingClock(new Date(now.getTime() - DETAIL_RETENTION_MS - 3600_000)));
    await addUrls(t, 2, "new");
    await submit(t, fake.url, steppingClock(new Date(now.getTime() - DETAIL_RETENTION_MS + 3600_000)));
    const [old, recent] = await submissionsOf(t);
    expect(await db.submissionUrl.count({ where: { submissionId: old.id } })).toBe(3);

    await purgeSubmissionDetails(now);
    expect(await db.submissionUrl.count({ where: { submissionId: old.id } })).toBe(0);
    expect(await db.submissionUrl.count({ where: { submissionId: recent.id } })).toBe(2);
    expect((await submissionsOf(t)).map((s) => [s.id, s.urlCount])).toEqual([[old.id, 3], [recent.id, 2]]);
    expect(await purgeSubmissionDetails(now)).toMatchObject({ batches: 0, rows: 0 });

    const cron = await triggerCronNow("indexnow-purge-details");
    expect(cron.status).toBe("completed");
    expect(await db.submissionUrl.count({ where: { submissionId: recent.id } })).toBe(2);
  });

  it("a deleted submission takes its detail with it", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 2);
    await submit(t, fake.url);
    const [s] = await submissionsOf(t);
    await db.submission.delete({ where: { id: s.id } });
    expect(await db.submissionUrl.count({ where: { submissionId: s.id } })).toBe(0);
  });
});

describe("under Inngest (step results through JSON)", () => {
  it("submits a project's backlog batch by batch, asks for the settle, and the settle applies it to the URLs", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 3);
    fake.reset();
    const data = { organizationId: t.orgId, projectId: t.projectId };
    const submitted = await runUnderInngest(submitProjectUrlsFn, { events: [{ name: indexNowSubmissionRequested.name, data: { ...data, trigger: "urls_admitted" } }] });
    expect(submitted.error).toBeUndefined();
    expect(submitted.result).toMatchObject({ batches: [{ status: "accepted", urlCount: 3 }] });
    expect(fake.requests.filter((r) => r.body?.host === t.domain)).toHaveLength(1);
    expect(await pendingCount(t)).toBe(0);
    expect(submitted.sent).toEqual([{ name: indexNowSettleRequested.name, data }]);

    const settled = await runUnderInngest(settleProjectSubmissionsFn, { events: [{ name: indexNowSettleRequested.name, data }] });
    expect(settled.error).toBeUndefined();
    expect(settled.result).toEqual({ projectId: t.projectId, submissions: 1, urls: 3 });
    for (const u of await db.trackedUrl.findMany({ where: { projectId: t.projectId } })) {
      expect(u).toMatchObject({ indexNowAttempts: 1, lastIndexNowSubmittedAt: expect.any(Date) });
    }
  });

  it("the sweep queues a submission for a project with a backlog, its event id carrying the 5-minute slot", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 2);
    const { result, error, sent } = await runUnderInngest(sweepPendingSubmissionsFn);
    expect(error).toBeUndefined();
    const { slot } = result as { slot: number };
    expect(sent).toContainEqual({ name: indexNowSubmissionRequested.name, data: { organizationId: t.orgId, projectId: t.projectId, trigger: "sweep" }, id: `indexnow-submit-${t.projectId}-${slot}` });
  });
});
