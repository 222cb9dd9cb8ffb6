// Every Inngest function run through the SDK's own engine with step results passed through JSON (tests/inngest-engine.ts),
// each on real rows of this suite, asserting what it wrote or sent. tests/architecture/inngest-coverage.test.ts checks
// that every function of inngest/functions/index.ts is run this way by some test.
import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { notifyCreditsLowFn, notifyIssueOpenedFn } from "@/inngest/functions/notifications/notify-in-app";
import { flushOutboxFn, purgeOutboxFn } from "@/inngest/functions/events/flush-outbox";
import { purgeSubmissionDetailsFn } from "@/inngest/functions/indexnow/purge-submission-details";
import { takeDailySnapshotsFn } from "@/inngest/functions/snapshots/take-daily-snapshots";
import { reconcileStatsFn } from "@/inngest/functions/stats/reconcile-stats";
import { syncAllProjectsFn } from "@/inngest/functions/sitemaps/sync-all-projects";
import { purgeDeletedOrganizationsFn } from "@/inngest/functions/organizations/purge-deleted-organizations";
import { db, Prisma, withTransaction } from "@/lib/db";
import { creditsLow, issueOpened, sitemapSyncRequested } from "@/lib/events/catalogue";
import { recordEvent } from "@/lib/events/outbox";
import { createTestProject, createTestUser, type TestUser } from "../factories";
import { holdingOthers, runUnderInngest } from "../inngest-engine";

let owner: TestUser;
beforeAll(async () => { owner = await createTestUser("inngest-fns"); });
afterEach(() => vi.useRealTimers());

describe("the scheduled functions", () => {
  it("purge-deleted-organizations: an organization past its 30 days goes", async () => {
    // With the clock in 2000 the purge reaches only organizations due by then: this suite's, never another suite's.
    const org = await db.organization.create({ data: { name: "gone", slug: crypto.randomUUID(), deletedAt: new Date("2000-01-01T00:00:00Z"), deletionScheduledFor: new Date("2000-01-31T00:00:00Z") } });
    const stays = await db.organization.create({ data: { name: "in grace", slug: crypto.randomUUID(), deletedAt: new Date("2000-05-20T00:00:00Z"), deletionScheduledFor: new Date("2000-06-19T00:00:00Z") } });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2000-06-02T00:00:00Z") });
    const { result, error } = await runUnderInngest(purgeDeletedOrganizationsFn);
    vi.useRealTimers();
    expect(error).toBeUndefined();
    expect(result).toBeGreaterThanOrEqual(1);
    expect(await db.organization.findUnique({ where: { id: org.id } })).toBeNull();
    expect(await db.organization.findUnique({ where: { id: stays.id } })).not.toBeNull();
    await db.organization.delete({ where: { id: stays.id } });
  });

  it("sync-all-projects: one sync event per live project, its id carrying the UTC day", async () => {
    const project = await createTestProject(owner);
    const { result, error, sent } = await runUnderInngest(syncAllProjectsFn);
    expect(error).toBeUndefined();
    const day = new Date().toISOString().slice(0, 10);
    expect(result).toMatchObject({ day, queued: expect.any(Number) });
    expect(sent).toContainEqual({ name: sitemapSyncRequested.name, data: { organizationId: owner.organizationId, projectId: project.id }, id: `sitemap-sync-${project.id}-${day}` });
  });

  it("events-outbox-purge: sent events older than a week go, unsent ones stay", async () => {
    const old = new Date(Date.now() - 30 * 86_400_000);
    const sentRow = await db.eventOutbox.create({ data: { eventId: crypto.randomUUID(), name: "test.old", data: {}, createdAt: old, sentAt: old } });
    const unsent = await db.eventOutbox.create({ data: { eventId: crypto.randomUUID(), name: "test.unsent", data: {}, createdAt: old } });
    try {
      const { result, error } = await runUnderInngest(purgeOutboxFn);
      expect(error).toBeUndefined();
      expect(result).toBeGreaterThanOrEqual(1);
      expect(await db.eventOutbox.findUnique({ where: { id: sentRow.id } })).toBeNull();
      expect(await db.eventOutbox.findUnique({ where: { id: unsent.id } })).not.toBeNull();
    } finally {
      await db.eventOutbox.deleteMany({ where: { id: unsent.id } });
    }
  });

  it("stats-reconcile: a drifted counter is recomputed from the rows", async () => {
    const project = await createTestProject(owner);
    await db.trackedUrl.createMany({ data: Array.from({ length: 3 }, (_, i) => ({ organizationId: owner.organizationId, projectId: project.id, url: `https://${project.domain}/${i}`, source: "manual" as const })) });
    await db.$executeRaw(Prisma.sql`UPDATE website_stats SET total_urls = 11 WHERE project_id = ${project.id}::uuid`);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // As tests/stats/reconcile.test.ts does, the run starts at this suite's project (the first batch, memoized, ends
    // just before it): the projects before it are other suites', which may hold a drift of their own on purpose.
    const [before] = await db.$queryRaw<{ prev: string }[]>(Prisma.sql`SELECT id::text AS prev FROM projects WHERE id < ${project.id}::uuid ORDER BY id DESC LIMIT 1`);
    // A memoized batch after it ends the run there, as one reconcileBatch call of that test would.
    const { result, error, steps } = await runUnderInngest(reconcileStatsFn, before
      ? { memoized: { "batch-0": { projects: 0, drifted: 0, next: before.prev }, "batch-2": { projects: 0, drifted: 0, next: null } } }
      : { memoized: { "batch-1": { projects: 0, drifted: 0, next: null } } });
    expect(steps).toEqual(["started-at", before ? "batch-1" : "batch-0"]);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ projects: expect.any(Number), drifted: expect.any(Number) });
    expect((result as { drifted: number }).drifted).toBeGreaterThanOrEqual(1);
    const [row] = await db.$queryRaw<{ total: number }[]>(Prisma.sql`SELECT total_urls AS total FROM website_stats WHERE project_id = ${project.id}::uuid`);
    expect(row.total).toBe(3);
  });

  it("events-outbox-flush: a committed event is sent and marked sent", async () => {
    const data = { organizationId: owner.organizationId, projectId: crypto.randomUUID(), importId: crypto.randomUUID(), insertedRows: 1, skippedRows: 0, completedAt: new Date().toISOString() };
    const eventId = `import-completed-${data.importId}`;
    await withTransaction(systemCtx("test"), (ctx) => recordEvent(ctx, "import.completed", data, eventId));
    // The flush is global, and tests flush their own organization's events (OUTBOX_KICK_MS=0): the other unsent rows are held.
    const run = await holdingOthers(Prisma.sql`SELECT id FROM event_outbox WHERE sent_at IS NULL AND event_id <> ${eventId} FOR UPDATE`, () => runUnderInngest(flushOutboxFn));
    expect(run.error).toBeUndefined();
    if (!process.env.TEST_EMBEDDED_DB) expect(run.result).toEqual({ sent: 1 });
    expect((await db.eventOutbox.findUniqueOrThrow({ where: { eventId } })).sentAt).not.toBeNull();
  });

  it("indexnow-purge-details: per-URL detail older than 90 days goes, the batch summary stays", async () => {
    const project = await createTestProject(owner);
    const old = new Date(Date.now() - 200 * 86_400_000);
    const submission = await db.submission.create({ data: { organizationId: owner.organizationId, projectId: project.id, urlCount: 1, status: "accepted", createdAt: old } });
    await db.submissionUrl.create({ data: { submissionId: submission.id, trackedUrlId: crypto.randomUUID(), url: `https://${project.domain}/x`, createdAt: old } });
    const { result, error } = await runUnderInngest(purgeSubmissionDetailsFn);
    expect(error).toBeUndefined();
    expect((result as { rows: number }).rows).toBeGreaterThanOrEqual(1);
    expect(await db.submissionUrl.count({ where: { submissionId: submission.id } })).toBe(0);
    expect(await db.submission.findUnique({ where: { id: submission.id } })).not.toBeNull();
  });

  it("stats-daily-snapshots: the day that just ended is snapshotted for a project that existed then", async () => {
    // At 00:15 on 2001-01-02 only this project (created, as far as the database knows, in 2000) is active.
    const project = await createTestProject(owner);
    await db.project.update({ where: { id: project.id }, data: { createdAt: new Date("2000-06-01T00:00:00Z") } });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2001-01-02T00:15:00Z") });
    const { result, error } = await runUnderInngest(takeDailySnapshotsFn);
    vi.useRealTimers();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ date: "2001-01-01", late: false });
    expect((result as { inserted: number }).inserted).toBeGreaterThanOrEqual(1);
    expect(await db.websiteSnapshot.count({ where: { projectId: project.id, date: new Date("2001-01-01T00:00:00Z") } })).toBe(1);
  });
});

describe("the event functions", () => {
  const ev = <T>(name: string, data: T) => [{ name, data }] as [{ name: string; data: T }];

  it("notifications-credits-low: every member gets the in-app notification", async () => {
    const { error } = await runUnderInngest(notifyCreditsLowFn, { events: ev(creditsLow.name, { organizationId: owner.organizationId, balance: 1, threshold: 50 }) });
    expect(error).toBeUndefined();
    const n = await db.notification.findFirst({ where: { userId: owner.userId, type: "credits_low" as never } });
    expect(n).toMatchObject({ organizationId: owner.organizationId, title: "Inspection credits are running low" });
    expect(n!.body).toContain("1 inspection credit left (below 50)");
  });

  it("notifications-issue-opened: the members are told of the issue", async () => {
    const project = await createTestProject(owner);
    const issueId = crypto.randomUUID();
    const { result, error } = await runUnderInngest(notifyIssueOpenedFn, { events: ev(issueOpened.name, {
      organizationId: owner.organizationId, projectId: project.id, issueId, issueType: "broken_link", severity: "critical", affectedUrlCount: 2, reopened: false, openedAt: new Date().toISOString(),
    }) });
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ digestMailed: expect.anything() });
    const rows = await db.notification.findMany({ where: { userId: owner.userId } });
    expect(rows.find((r) => (r.data as { issueId?: string } | null)?.issueId === issueId)).toMatchObject({ body: `2 URLs of ${project.domain} affected (critical).` });
  });
});
