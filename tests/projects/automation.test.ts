import { systemCtx } from "@/lib/core/context";
import { describe, expect, it } from "vitest";
import { db, withTransaction } from "@/lib/db";
import { debitCredits } from "@/lib/credits/credit-ledger";
import { createTestProject, createTestUser, type TestUser } from "../factories";
import { as, projectCall, routes } from "./helpers";

type Project = Awaited<ReturnType<typeof createTestProject>>;

async function addUrls(p: Project, n: number, extra: { nextInspectionAt?: Date | null } = {}) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push(await db.trackedUrl.create({
      data: { organizationId: p.organizationId, projectId: p.id, url: `https://${p.domain}/page-${crypto.randomUUID()}`, source: "manual", ...extra },
    }));
  }
  return rows;
}

const setBalance = async (orgId: string, target: number) => {
  const { creditBalance } = await db.organization.findUniqueOrThrow({ where: { id: orgId } });
  if (creditBalance > target) await withTransaction(systemCtx("test"), (ctx) => debitCredits(ctx, { organizationId: orgId, amount: creditBalance - target, kind: "adjustment" }));
};

const preview = (u: TestUser, p: Project) => projectCall(routes.preview.GET, u.organizationId, p.id, as(u), { suffix: "/activation-preview" });
const automate = (u: TestUser, p: Project, json: unknown) => projectCall(routes.automation.PUT, u.organizationId, p.id, as(u), { method: "PUT", json, suffix: "/automation" });

describe("activation preview", () => {
  it("reports URLs, balance and what a cycle costs, and consumes nothing", async () => {
    const u = await createTestUser("preview");
    const p = await createTestProject(u, { verified: true });
    const empty = await preview(u, p);
    expect(empty.res.status).toBe(200);
    expect(empty.body.data).toEqual({
      verified: true, trackedUrlCount: 0, creditBalance: 100, creditsForFullCycle: 0, urlsInspectableNow: 0, cadence: "weekly", automatedInspectionsEnabled: false,
      pausedForCredits: false, nextInspectionAt: null, dueNow: 0, inspectedThisCycle: 0, queued: 0,
    });

    await addUrls(p, 7);
    await setBalance(u.organizationId, 4);
    const some = await preview(u, p);
    expect(some.body.data).toMatchObject({ trackedUrlCount: 7, creditBalance: 4, creditsForFullCycle: 7, urlsInspectableNow: 4 });
    const again = await preview(u, p);
    expect(again.body.data).toEqual(some.body.data);
    const org = await db.organization.findUniqueOrThrow({ where: { id: u.organizationId } });
    expect(org.creditBalance).toBe(4);
    expect(await db.creditLedgerEntry.count({ where: { organizationId: u.organizationId, kind: "inspection" } })).toBe(0);
  });

  it("counts only this project's URLs and reports unverified projects", async () => {
    const u = await createTestUser("preview-2");
    const p = await createTestProject(u);
    const other = await createTestProject(u, { verified: true });
    await addUrls(other, 3);
    await addUrls(p, 2);
    const { body } = await preview(u, p);
    expect(body.data).toMatchObject({ verified: false, trackedUrlCount: 2, creditBalance: 100, creditsForFullCycle: 2, urlsInspectableNow: 2 });
  });
});

describe("PUT automation", () => {
  it("409 OWNERSHIP_NOT_VERIFIED, then 409 NO_TRACKED_URLS, then 402 INSUFFICIENT_CREDITS; nothing changes", async () => {
    const u = await createTestUser("automation-gates");
    const unverified = await createTestProject(u);
    await addUrls(unverified, 1);
    const a = await automate(u, unverified, { enabled: true, cadence: "daily" });
    expect(a.res.status).toBe(409);
    expect(a.body).toMatchObject({ success: false, status: 409, code: "OWNERSHIP_NOT_VERIFIED" });

    const verified = await createTestProject(u, { verified: true });
    const b = await automate(u, verified, { enabled: true, cadence: "daily" });
    expect(b.res.status).toBe(409);
    expect(b.body.code).toBe("NO_TRACKED_URLS");

    await addUrls(verified, 2);
    await setBalance(u.organizationId, 0);
    const c = await automate(u, verified, { enabled: true, cadence: "daily" });
    expect(c.res.status).toBe(402);
    expect(c.body).toMatchObject({ status: 402, code: "INSUFFICIENT_CREDITS", meta: { required: 1, available: 0 } });

    const row = await db.project.findUniqueOrThrow({ where: { id: verified.id } });
    expect(row).toMatchObject({ automatedInspectionsEnabled: false, inspectionCadence: "weekly" });
    expect(await db.trackedUrl.count({ where: { projectId: verified.id, nextInspectionAt: { not: null } } })).toBe(0);
    expect(await db.auditLog.count({ where: { targetId: { in: [verified.id, unverified.id] } } })).toBe(0);
  });

  it.each([
    ["hourly", 3_600_000], ["daily", 86_400_000], ["weekly", 7 * 86_400_000], ["monthly", 30 * 86_400_000],
  ] as const)("enabling %s schedules each URL within one cadence, keeping earlier schedules", async (cadence, ms) => {
    const u = await createTestUser(`automation-${cadence}`);
    const p = await createTestProject(u, { verified: true });
    const fresh = await addUrls(p, 3);
    const soon = new Date(Date.now() + 60_000);
    const [early] = await addUrls(p, 1, { nextInspectionAt: soon });
    const [late] = await addUrls(p, 1, { nextInspectionAt: new Date(Date.now() + 400 * 86_400_000) });
    const bystander = await createTestProject(u, { verified: true });
    const [other] = await addUrls(bystander, 1);

    const before = Date.now();
    const { res, body } = await automate(u, p, { enabled: true, cadence });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ id: p.id, automatedInspectionsEnabled: true, inspectionCadence: cadence, verified: true });

    const rows = await db.trackedUrl.findMany({ where: { projectId: p.id } });
    for (const r of rows.filter((x) => [...fresh.map((f) => f.id), late.id].includes(x.id))) {
      const t = r.nextInspectionAt!.getTime();
      expect(t).toBeGreaterThanOrEqual(before - 5);
      expect(t).toBeLessThanOrEqual(after + ms + 5);
    }
    expect(rows.find((r) => r.id === early.id)!.nextInspectionAt!.getTime()).toBe(soon.getTime());
    expect((await db.trackedUrl.findUniqueOrThrow({ where: { id: other.id } })).nextInspectionAt).toBeNull();

    const audit = await db.auditLog.findFirstOrThrow({ where: { targetId: p.id } });
    expect(audit.action.replace("_", ".")).toBe("project.updated");
    expect(audit.metadata).toMatchObject({ automation: { enabled: true, cadence }, previous: { enabled: false, cadence: "weekly" }, urlsRescheduled: 4 });
    // Enabling consumes no credits; inspections do, later.
    expect((await db.organization.findUniqueOrThrow({ where: { id: u.organizationId } })).creditBalance).toBe(100);
  });

  it("disabling clears the flag and the schedule and keeps the cadence; needs no preconditions", async () => {
    const u = await createTestUser("automation-off");
    const p = await createTestProject(u, { verified: true });
    await addUrls(p, 2);
    expect((await automate(u, p, { enabled: true, cadence: "hourly" })).res.status).toBe(200);
    await setBalance(u.organizationId, 0);
    const off = await automate(u, p, { enabled: false, cadence: "hourly" });
    expect(off.res.status).toBe(200);
    expect(off.body.data).toMatchObject({ automatedInspectionsEnabled: false, inspectionCadence: "hourly" });
    expect(await db.trackedUrl.count({ where: { projectId: p.id, nextInspectionAt: { not: null } } })).toBe(0);
    const pv = await preview(u, p);
    expect(pv.body.data).toMatchObject({ cadence: "hourly", automatedInspectionsEnabled: false, creditBalance: 0, urlsInspectableNow: 0 });

    const unverified = await createTestProject(u);
    const offAnyway = await automate(u, unverified, { enabled: false, cadence: "monthly" });
    expect(offAnyway.res.status).toBe(200);
    expect(offAnyway.body.data).toMatchObject({ automatedInspectionsEnabled: false, inspectionCadence: "monthly" });
  });

  it("rejects a bad body with 400", async () => {
    const u = await createTestUser("automation-400");
    const p = await createTestProject(u, { verified: true });
    for (const json of [{}, { enabled: true }, { cadence: "daily" }, { enabled: "yes", cadence: "daily" }, { enabled: true, cadence: "yearly" }, { enabled: true, cadence: "daily", extra: 1 }]) {
      const { res, body } = await automate(u, p, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
  });
});
