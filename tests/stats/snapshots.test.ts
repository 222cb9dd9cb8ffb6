// Daily snapshots: taken once per active project and UTC date (a retried step and two workers change
// nothing, a late run invents nothing), immutable, and GET snapshots with its clamped window, through the
// real route handler.
import { beforeAll, describe, expect, it } from "vitest";
import * as snapshotsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/snapshots/route";
import { db, Prisma } from "@/lib/db";
import { previousUtcDate, SNAPSHOT_GRACE_MS, takeSnapshotBatch } from "@/lib/snapshots/take-daily-snapshots";
import { bearer, call } from "../http";
import { createTestProject, createTestUser, type TestUser } from "../factories";

let alice: TestUser;
let mallory: TestUser;
beforeAll(async () => { [alice, mallory] = await Promise.all([createTestUser("snap-alice"), createTestUser("snap-mallory")]); });

const utcDate = (offsetDays: number, from = new Date()) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offsetDays)).toISOString().slice(0, 10);
const dayEnd = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

async function projectWithCounters(user: TestUser, counters: { total: number; healthy: number }) {
  const project = await createTestProject(user);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO website_stats (id, organization_id, project_id, total_urls, healthy_urls, updated_at)
    VALUES (gen_random_uuid(), ${user.organizationId}::uuid, ${project.id}::uuid, ${counters.total}, ${counters.healthy}, now())`);
  return project;
}

/** Snapshots every active project in batches, as the daily function's steps do. */
async function snapshotAll(date: string, now: Date) {
  let after: string | null = null;
  let inserted = 0;
  for (;;) {
    const batch = await takeSnapshotBatch(date, after, now, 500);
    inserted += batch.inserted;
    if (!batch.next) return { inserted, late: batch.late };
    after = batch.next;
  }
}

const snapshotsOf = (projectId: string) => db.websiteSnapshot.findMany({ where: { projectId }, orderBy: { date: "asc" } });

describe("taking the daily snapshot", () => {
  it("one per active project and date: a rerun and two racing workers add nothing; paused, deleted and newer projects get none", async () => {
    const today = utcDate(0);
    const now = new Date(dayEnd(today).getTime() + 15 * 60_000); // 00:15 the next day
    const active = await projectWithCounters(alice, { total: 12, healthy: 9 });
    const empty = await createTestProject(alice);
    const paused = await projectWithCounters(alice, { total: 3, healthy: 3 });
    await db.project.update({ where: { id: paused.id }, data: { status: "paused" } });
    const deleted = await projectWithCounters(alice, { total: 3, healthy: 3 });
    await db.project.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });

    // Two workers at once, then a retried step.
    await Promise.all([snapshotAll(today, now), snapshotAll(today, now)]);
    await snapshotAll(today, now);
    expect(await snapshotsOf(active.id)).toEqual([expect.objectContaining({ totalUrls: 12, healthyUrls: 9, brokenUrls: 0, organizationId: alice.organizationId })]);
    expect((await snapshotsOf(active.id))[0].date.toISOString().slice(0, 10)).toBe(today);
    expect(await snapshotsOf(empty.id)).toEqual([expect.objectContaining({ totalUrls: 0, openIssues: 0 })]);
    expect(await snapshotsOf(paused.id)).toEqual([]);
    expect(await snapshotsOf(deleted.id)).toEqual([]);

    // Immutable: later counters never change a taken snapshot.
    await db.websiteStats.update({ where: { projectId: active.id }, data: { totalUrls: 50 } });
    await snapshotAll(today, now);
    expect((await snapshotsOf(active.id))[0].totalUrls).toBe(12);

    // A project created after the date ended has no snapshot for it.
    const yesterday = utcDate(-1);
    await snapshotAll(yesterday, new Date(dayEnd(yesterday).getTime() + 60_000));
    expect((await snapshotsOf(active.id)).map((s) => s.date.toISOString().slice(0, 10))).toEqual([today]);
  });

  it("a run hours late takes nothing: the missed day stays a gap", async () => {
    const project = await projectWithCounters(alice, { total: 5, healthy: 5 });
    const date = utcDate(1);
    const late = await takeSnapshotBatch(date, null, new Date(dayEnd(date).getTime() + SNAPSHOT_GRACE_MS + 1));
    expect(late).toMatchObject({ inserted: 0, late: true });
    expect(await snapshotsOf(project.id)).toEqual([]);
    await expect(takeSnapshotBatch(utcDate(5), null, new Date())).rejects.toThrow(/has not ended/);
  });

  it("the date a run takes is the UTC date that just ended", () => {
    expect(previousUtcDate(new Date("2026-03-01T00:15:00Z"))).toBe("2026-02-28");
    expect(previousUtcDate(new Date("2026-01-01T05:00:00Z"))).toBe("2025-12-31");
  });
});

describe("GET …/snapshots", () => {
  const get = (user: TestUser, projectId: string, query = "") => call(snapshotsRoute.GET, {
    url: `http://127.0.0.1:3000/api/user/organizations/${user.organizationId}/projects/${projectId}/snapshots${query}`,
    headers: bearer(user.sessionToken), params: { organizationId: user.organizationId, id: projectId },
  });

  async function withHistory(days: number, missing: number[]) {
    const project = await createTestProject(alice);
    const rows = Array.from({ length: days }, (_, i) => i + 1).filter((d) => !missing.includes(d)).map((d) => ({
      organizationId: alice.organizationId, projectId: project.id, date: new Date(`${utcDate(-d)}T00:00:00Z`),
      totalUrls: 1000 - d, healthyUrls: 900, brokenUrls: 10, redirectedUrls: 5, indexedUrls: 700, notIndexedUrls: 100, staleUrls: 1, openIssues: 3, urlsWithIssues: 20,
    }));
    await db.websiteSnapshot.createMany({ data: rows });
    return project;
  }

  it("answers the window ascending by date, without meta; a missing date is absent", async () => {
    const project = await withHistory(400, [5]);
    const res = await get(alice, project.id);
    expect(res.res.status).toBe(200);
    expect(res.body).not.toHaveProperty("meta");
    const data = res.body.data as { date: string; totalUrls: number; organizationId: string; projectId: string; createdAt: string }[];
    expect(data).toHaveLength(29);
    expect(data[0]).toMatchObject({ date: utcDate(-30), totalUrls: 970, projectId: project.id, organizationId: alice.organizationId });
    expect(data[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(data[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(data.at(-1)!.date).toBe(utcDate(-1));
    expect(data.map((s) => s.date)).not.toContain(utcDate(-5));
    expect([...data.map((s) => s.date)].sort()).toEqual(data.map((s) => s.date));
  });

  it.each([["?days=0", 1], ["?days=-5", 1], ["?days=1", 1], ["?days=7", 7], ["?days=1000", 365], ["?days=365", 365], ["?days=90.7", 90], ["?days=", 30], ["", 30]])(
    "clamps %s to %i days", async (query, expected) => {
      const project = await withHistory(400, []);
      const res = await get(alice, project.id, query);
      expect(res.res.status).toBe(200);
      expect(res.body.data).toHaveLength(expected);
    });

  it("refuses a days that is not a number, and another organization's project", async () => {
    const project = await withHistory(3, []);
    for (const q of ["?days=abc", "?days=1e400", "?days=%00"]) {
      const res = await get(alice, project.id, q);
      expect(res.res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const foreign = await call(snapshotsRoute.GET, {
      url: `http://127.0.0.1:3000/api/user/organizations/${mallory.organizationId}/projects/${project.id}/snapshots`,
      headers: bearer(mallory.sessionToken), params: { organizationId: mallory.organizationId, id: project.id },
    });
    expect(foreign.res.status).toBe(404);
    expect((await get(mallory, project.id)).res.status).toBe(404);
  });
});
