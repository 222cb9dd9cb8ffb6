import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as ledgerRoute from "@/app/api/user/organizations/[organizationId]/credits/ledger/route";
import * as usageRoute from "@/app/api/user/organizations/[organizationId]/credits/usage/route";
import * as forecastRoute from "@/app/api/user/organizations/[organizationId]/credits/forecast/route";
import { db, withTransaction } from "@/lib/db";
import { debitCredits, grantCredits } from "@/lib/credits/credit-ledger";
import { getCreditForecast } from "@/lib/credit-usage/get-forecast";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestProject, createTestTenant, type TestTenant } from "../factories";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let alice: TestTenant;
let mallory: TestTenant;
let shop: { id: string; name: string };
let blog: { id: string; name: string };
let inspectedUrl: { id: string; url: string };

type Caller = { org: string; headers: Record<string, string> };
const base = (c: Caller) => `http://127.0.0.1:3000/api/user/organizations/${c.org}/credits`;
const ledger = (c: Caller, q = "") => call(ledgerRoute.GET, { url: `${base(c)}/ledger${q}`, headers: c.headers, params: { organizationId: c.org } });
const usage = (c: Caller, q = "") => call(usageRoute.GET, { url: `${base(c)}/usage${q}`, headers: c.headers, params: { organizationId: c.org } });
const forecast = (c: Caller) => call(forecastRoute.GET, { url: `${base(c)}/forecast`, headers: c.headers, params: { organizationId: c.org } });
const as = (t: TestTenant): Caller => ({ org: t.organizationId, headers: bearer(t.sessionToken) });

async function urls(projectId: string, organizationId: string, domain: string, n: number, next: Date | null, prefix: string) {
  await db.trackedUrl.createMany({
    data: Array.from({ length: n }, (_, i) => ({ organizationId, projectId, url: `https://${domain}/${prefix}${i}`, source: "manual" as const, nextInspectionAt: next })),
  });
  return db.trackedUrl.findMany({ where: { projectId, url: { startsWith: `https://${domain}/${prefix}` } }, orderBy: { url: "asc" } });
}

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestTenant("credits-alice"), createTestTenant("credits-mallory")]);
  const a = await createTestProject(alice, { verified: true });
  const b = await createTestProject(alice, { verified: true });
  shop = { id: a.id, name: a.name };
  blog = { id: b.id, name: b.name };
  const [u] = await urls(a.id, alice.organizationId, a.domain, 1, null, "inspected");
  inspectedUrl = { id: u.id, url: u.url };
  const org = alice.organizationId;
  // The sign-up grant (100) is already there; then a purchase, a sync, a scheduled run and an inspect-now, and one old sync.
  await withTransaction(systemCtx("test"), async (ctx) => {
    await grantCredits(ctx, { organizationId: org, amount: 500, kind: "grant", reference: "cli" });
    await debitCredits(ctx, { organizationId: org, amount: 120, kind: "sitemap_admission", reference: a.id, metadata: { projectId: a.id, urls: 120 }, actorUserId: alice.userId });
    await debitCredits(ctx, { organizationId: org, amount: 30, kind: "inspection", reference: b.id, metadata: { projectId: b.id, urls: 30, scheduled: 25, requested: 5 } });
    await debitCredits(ctx, { organizationId: org, amount: 1, kind: "inspection", reference: u.id, metadata: { projectId: a.id, source: "inspect_now" }, actorUserId: alice.userId });
    await debitCredits(ctx, { organizationId: org, amount: 9, kind: "sitemap_admission", reference: b.id, metadata: { projectId: b.id, urls: 9 } });
  });
  // The last one happened 40 days ago: outside the 30-day window.
  const old = await db.creditLedgerEntry.findFirstOrThrow({ where: { organizationId: org, kind: "sitemap_admission", amount: -9 } });
  await db.creditLedgerEntry.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 40 * DAY) } });
  // Mallory spends too: never in Alice's answers.
  await withTransaction(systemCtx("test"), (ctx) => debitCredits(ctx, { organizationId: mallory.organizationId, amount: 7, kind: "inspection", metadata: { urls: 7 } }));
});

describe("GET O/credits/ledger", () => {
  it("lists every movement newest first, in words, with the project, the URL of an inspect-now and who caused it", async () => {
    const { res, body } = await ledger(as(alice));
    expect(res.status).toBe(200);
    expect(body.meta).toEqual({ total: 6, offset: 0, limit: 20, hasMore: false });
    expect(body.data.map((e: { kind: string; amount: number; balanceAfter: number; description: string }) => [e.kind, e.amount, e.balanceAfter, e.description])).toEqual([
      ["inspection", -1, 449, "Inspect now: one URL"],
      ["inspection", -30, 450, "Inspections: 30 URLs (25 scheduled, 5 “check again”)"],
      ["sitemap_admission", -120, 480, "Sitemap sync: 120 new URLs admitted"],
      ["grant", 500, 600, "Credits granted by an operator"],
      ["grant", 100, 100, "Free credits with the new account"],
      ["sitemap_admission", -9, 440, "Sitemap sync: 9 new URLs admitted"],
    ]);
    const [now, run, sync] = body.data;
    expect(now).toMatchObject({ project: { id: shop.id, name: shop.name, deleted: false }, url: inspectedUrl, actor: { userId: alice.userId, email: alice.email }, urls: 1 });
    expect(run).toMatchObject({ project: { id: blog.id }, url: null, actor: null, urls: 30 });
    expect(sync).toMatchObject({ project: { id: shop.id }, urls: 120 });
    expect(body.data[3]).toMatchObject({ project: null, url: null });
  });

  it("filters by kind and pages", async () => {
    const { body } = await ledger(as(alice), "?kind=inspection&limit=1&offset=1");
    expect(body.meta).toEqual({ total: 2, offset: 1, limit: 1, hasMore: false });
    expect(body.data[0].amount).toBe(-30);
    for (const q of ["?kind=nope", "?limit=101", "?offset=-1", "?kind=%00"]) expect((await ledger(as(alice), q)).res.status, q).toBe(400);
  });

  it("entries written at the same moment keep their order, so each balance after follows from the one before", async () => {
    const t = await createTestTenant("credits-same-time");
    const p = await createTestProject(t);
    await withTransaction(systemCtx("test"), async (ctx) => {
      for (let i = 1; i <= 12; i++) {
        // As the demo wrote them: the URLs are not in the metadata, the amount is one credit per URL.
        await debitCredits(ctx, { organizationId: t.organizationId, amount: i, kind: "inspection", reference: p.id, metadata: { projectId: p.id, source: "scheduled" } });
      }
    });
    await db.creditLedgerEntry.updateMany({ where: { organizationId: t.organizationId }, data: { createdAt: new Date("2026-11-20T00:00:00Z") } });
    const rows = (await ledger(as(t))).body.data as { amount: number; balanceAfter: number; description: string; urls: number | null }[];
    expect(rows).toHaveLength(13);
    for (let i = 0; i + 1 < rows.length; i++) expect(rows[i].balanceAfter - rows[i].amount, `row ${i}`).toBe(rows[i + 1].balanceAfter);
    expect(rows.slice(0, 12).map((r) => r.amount)).toEqual(Array.from({ length: 12 }, (_, i) => -(12 - i)));
    expect(rows[0]).toMatchObject({ description: "Inspections: 12 URLs (12 scheduled)", urls: 12 });
    expect(rows[11]).toMatchObject({ description: "Inspections: 1 URL (1 scheduled)", urls: 1 });
  });

  it("a deleted project is still named, marked deleted", async () => {
    const t = await createTestTenant("credits-deleted");
    const p = await createTestProject(t);
    await withTransaction(systemCtx("test"), (ctx) => debitCredits(ctx, { organizationId: t.organizationId, amount: 2, kind: "sitemap_admission", metadata: { projectId: p.id, urls: 2 } }));
    await db.project.update({ where: { id: p.id }, data: { deletedAt: new Date(), liveDomain: null } });
    expect((await ledger(as(t))).body.data[0].project).toEqual({ id: p.id, name: p.name, domain: p.domain, deleted: true });
  });
});

describe("GET O/credits/usage", () => {
  it("totals the last 30 days per kind, per day and per project", async () => {
    const { body } = await usage(as(alice));
    expect(body.data).toMatchObject({
      days: 30, balance: 440, granted: 600, spent: 151,
      byKind: { grant: 600, sitemap_admission: -120, inspection: -31, refund: 0, adjustment: 0 },
      byProject: [
        { projectId: shop.id, name: shop.name, deleted: false, sitemapAdmission: 120, inspection: 1 },
        { projectId: blog.id, name: blog.name, deleted: false, sitemapAdmission: 0, inspection: 30 },
      ],
    });
    expect(body.data.daily).toHaveLength(30);
    expect(body.data.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), granted: 600, sitemapAdmission: 120, inspection: 31, other: 0 });
    expect(body.data.daily.slice(0, -1).every((d: { granted: number; inspection: number }) => d.granted === 0 && d.inspection === 0)).toBe(true);
  });

  it("takes a window of 1-365 days", async () => {
    expect((await usage(as(alice), "?days=90")).body.data).toMatchObject({ days: 90, spent: 160 });
    for (const q of ["?days=0", "?days=366", "?days=x", "?days=1.5"]) expect((await usage(as(alice), q)).res.status, q).toBe(400);
  });
});

describe("the forecast of scheduled inspections", () => {
  it("costs each project's next cycle and next 30 days by its URLs' schedule and cadence, and finds the day the balance runs out", async () => {
    const t = await createTestTenant("credits-forecast");
    const now = new Date("2026-11-26T10:00:00.000Z");
    const daily = await createTestProject(t, { verified: true });
    const weekly = await createTestProject(t, { verified: true });
    const paused = await createTestProject(t, { verified: true });
    const off = await createTestProject(t, { verified: true });
    await db.project.update({ where: { id: daily.id }, data: { automatedInspectionsEnabled: true, inspectionCadence: "daily" } });
    await db.project.update({ where: { id: weekly.id }, data: { automatedInspectionsEnabled: true, inspectionCadence: "weekly" } });
    await db.project.update({ where: { id: paused.id }, data: { automatedInspectionsEnabled: true, inspectionCadence: "hourly", status: "paused" } });
    await urls(daily.id, t.organizationId, daily.domain, 3, new Date(now.getTime() - 2 * HOUR), "overdue");
    await urls(daily.id, t.organizationId, daily.domain, 5, new Date(now.getTime() + HOUR), "soon");
    await urls(daily.id, t.organizationId, daily.domain, 2, new Date(now.getTime() + 3 * DAY), "later");
    await urls(weekly.id, t.organizationId, weekly.domain, 7, new Date(now.getTime() + 2 * DAY), "w");
    await urls(paused.id, t.organizationId, paused.domain, 4, now, "p");
    const [q1, q2] = await urls(off.id, t.organizationId, off.domain, 2, null, "q");
    const queued = await urls(daily.id, t.organizationId, daily.domain, 2, null, "queued");
    // "Check again": charged at the next tick for an active project, automation or not; never for a paused one.
    await db.inspectionRequest.createMany({ data: [...queued, q1, q2].map((u) => ({ trackedUrlId: u.id, projectId: u.projectId, organizationId: t.organizationId, requestedAt: now })) });
    const [pq] = await urls(paused.id, t.organizationId, paused.domain, 1, null, "pq");
    await db.inspectionRequest.create({ data: { trackedUrlId: pq.id, projectId: paused.id, organizationId: t.organizationId, requestedAt: now } });
    await db.organization.update({ where: { id: t.organizationId }, data: { creditBalance: 50 } });

    const f = await getCreditForecast(t.ctx, now);
    const row = (id: string) => f.projects.find((p) => p.projectId === id)!;
    // Daily: 3 overdue and 5 in an hour are the next cycle, with the 2 queued; over 30 days 30 + 30 runs each, 27 for the 2 due in 3 days.
    expect(row(daily.id)).toMatchObject({ cadence: "daily", dueNow: 3, queued: 2, nextCycleCredits: 10, next30DaysCredits: 3 * 30 + 5 * 30 + 2 * 27 + 2 });
    expect(row(weekly.id)).toMatchObject({ cadence: "weekly", dueNow: 0, nextCycleCredits: 7, next30DaysCredits: 7 * 4 });
    expect(row(paused.id)).toMatchObject({ status: "paused", queued: 1, nextCycleCredits: 0, next30DaysCredits: 0 });
    expect(row(off.id)).toMatchObject({ automatedInspectionsEnabled: false, queued: 2, nextCycleCredits: 2, next30DaysCredits: 2 });
    expect(f).toMatchObject({ balance: 50, nextCycleCredits: 19, next30DaysCredits: 296 + 28 + 2 });
    expect(f.daily).toHaveLength(30);
    expect(f.daily.slice(0, 5)).toEqual([
      { date: "2026-11-26", credits: 2 + 2 + 3 + 5 }, { date: "2026-11-27", credits: 8 }, { date: "2026-11-28", credits: 8 + 7 },
      { date: "2026-11-29", credits: 10 }, { date: "2026-11-30", credits: 10 },
    ]);
    // 50 − 12 − 8 − 15 − 10 = 5 left after the 29th; the 30th needs 10.
    expect(f.runsOutOn).toBe("2026-11-30");
    expect(f.projects[0].projectId).toBe(daily.id);

    await db.organization.update({ where: { id: t.organizationId }, data: { creditBalance: 10_000 } });
    expect((await getCreditForecast(t.ctx, now)).runsOutOn).toBeNull();
  });

  it("answers over HTTP for the caller's organization only", async () => {
    const { res, body } = await forecast(as(alice));
    expect(res.status).toBe(200);
    expect(body.data.projects.map((p: { projectId: string }) => p.projectId).sort()).toEqual([shop.id, blog.id].sort());
  });
});

describe("tenancy and scopes", () => {
  it("another organization's id answers 404 to a session and an API key, in every credits route", async () => {
    const { key } = await createTestApiKey(mallory, ["organization:read"]);
    for (const headers of [bearer(mallory.sessionToken), apiKeyHeader(key)]) {
      for (const fn of [ledger, usage, forecast]) {
        const { res, body } = await fn({ org: alice.organizationId, headers });
        expect(res.status).toBe(404);
        expect(body.code).toBe("NOT_FOUND");
      }
    }
    expect((await ledger({ org: crypto.randomUUID(), headers: bearer(alice.sessionToken) })).res.status).toBe(404);
    expect((await ledger({ org: "not-a-uuid", headers: bearer(alice.sessionToken) })).res.status).toBe(404);
  });

  it("needs organization:read (403) and credentials (401)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read"]);
    const r = await ledger({ org: alice.organizationId, headers: apiKeyHeader(key) });
    expect(r.res.status).toBe(403);
    expect(r.body.meta?.missingScopes).toEqual(["organization:read"]);
    expect((await usage({ org: alice.organizationId, headers: {} })).res.status).toBe(401);
  });
});
