// The Search Analytics endpoints and the URL list's new fields, sorts and filters, through the route handlers:
// shapes, validation (400), tenancy (404 for another organization's project or another project's URL).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { addDays } from "@/lib/search-analytics/day-keys";
import { TrackedUrlResponse } from "@/lib/urls/schemas";
import * as performanceRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/performance/route";
import * as googleCheckRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/google-check/route";
import * as coverageRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/coverage/route";
import * as untrackedRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/search-analytics/untracked/route";
import { call } from "../http";
import { createTestTenant, type TestTenant } from "../factories";
import { admit, listUrls, projectFor, type Target } from "../urls/helpers";

let owner: TestTenant;
let stranger: TestTenant;
let t: Target;
let ids: Record<string, string>;
const today = pacificDayKey(new Date());

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestTenant("sa-api"), createTestTenant("sa-api-other")]);
  t = await projectFor(owner);
  const paths = ["/top", "/middle", "/none", "/never-pulled"];
  expect((await admit(t, paths.map((p) => `https://${t.domain}${p}`))).res.status).toBe(200);
  const rows = await db.trackedUrl.findMany({ where: { projectId: t.projectId }, select: { id: true, url: true } });
  ids = Object.fromEntries(rows.map((r) => [new URL(r.url).pathname, r.id]));
  const set = (path: string, data: object) => db.trackedUrl.update({ where: { id: ids[path] }, data });
  await set("/top", { clicks28d: 50, impressions28d: 500, ctr28d: 0.1, position28d: 2.5, lastImpressionAt: new Date(Date.now() - 86_400_000), engineAState: "indexed", engineAStateSource: "search_analytics", engineAObservedAt: new Date(Date.now() - 86_400_000) });
  await set("/middle", { clicks28d: 5, impressions28d: 900, ctr28d: 5 / 900, lastImpressionAt: new Date(Date.now() - 5 * 86_400_000), engineAState: "crawled_not_indexed", engineAStateSource: "inspection", engineAObservedAt: new Date(Date.now() - 40 * 86_400_000) });
  await set("/none", { clicks28d: 0, impressions28d: 0, ctr28d: 0 });
  await db.urlSearchDay.createMany({ data: [
    { trackedUrlId: ids["/top"], projectId: t.projectId, day: new Date(`${addDays(today, -1)}T00:00:00Z`), clicks: 3, impressions: 30, position: 2.25 },
    { trackedUrlId: ids["/top"], projectId: t.projectId, day: new Date(`${addDays(today, -3)}T00:00:00Z`), clicks: 1, impressions: 4, position: 7 },
  ] });
  await db.untrackedSearchPage.createMany({ data: [
    { projectId: t.projectId, url: `https://${t.domain}/shown-a`, day: new Date(`${addDays(today, -2)}T00:00:00Z`), clicks: 2, impressions: 20 },
    { projectId: t.projectId, url: `https://${t.domain}/shown-a`, day: new Date(`${addDays(today, -1)}T00:00:00Z`), clicks: 1, impressions: 5 },
    { projectId: t.projectId, url: `https://${t.domain}/shown-b`, day: new Date(`${addDays(today, -1)}T00:00:00Z`), clicks: 9, impressions: 9 },
    { projectId: t.projectId, url: `https://${t.domain}/too-old`, day: new Date(`${addDays(today, -40)}T00:00:00Z`), clicks: 99, impressions: 99 },
    // Tracked since the pull: left out.
    { projectId: t.projectId, url: `https://${t.domain}/top`, day: new Date(`${addDays(today, -1)}T00:00:00Z`), clicks: 7, impressions: 7 },
  ] });
});

const base = (x: { orgId: string; projectId: string }) => `http://127.0.0.1:3000/api/user/organizations/${x.orgId}/projects/${x.projectId}`;
const performance = (urlId: string, query = "", x: Target = t, headers = t.headers) =>
  call(performanceRoute.GET, { url: `${base(x)}/urls/${urlId}/performance${query}`, headers, params: { organizationId: x.orgId, id: x.projectId, urlId } });
const untracked = (query = "", x: Target = t, headers = t.headers) =>
  call(untrackedRoute.GET, { url: `${base(x)}/search-analytics/untracked${query}`, headers, params: { organizationId: x.orgId, id: x.projectId } });

describe("GET …/urls/{urlId}/performance", () => {
  it("answers every Pacific day of the window ascending, zero where nothing was reported", async () => {
    const { res, body } = await performance(ids["/top"], "?days=5");
    expect(res.status).toBe(200);
    expect(body.data.map((d: { date: string }) => d.date)).toEqual([4, 3, 2, 1, 0].map((n) => addDays(today, -n)));
    expect(body.data[1]).toEqual({ date: addDays(today, -3), clicks: 1, impressions: 4, ctr: 0.25, position: 7 });
    expect(body.data[3]).toEqual({ date: addDays(today, -1), clicks: 3, impressions: 30, ctr: 0.1, position: 2.25 });
    expect(body.data[4]).toEqual({ date: today, clicks: 0, impressions: 0, ctr: 0, position: null });
    expect((await performance(ids["/top"])).body.data).toHaveLength(90);
  });

  it("refuses days outside 1-480 and malformed values with 400, and answers 404 for others' ids", async () => {
    for (const q of ["?days=0", "?days=481", "?days=abc", "?days=1.5"]) expect((await performance(ids["/top"], q)).res.status, q).toBe(400);
    expect((await performance("00000000-0000-4000-8000-000000000000")).res.status).toBe(404);
    expect((await performance("not-a-uuid")).res.status).toBe(404);
    const other = await projectFor(stranger);
    // Another organization's caller, with this project's ids, and this caller with another project's URL id.
    expect((await performance(ids["/top"], "", t, other.headers)).res.status).toBe(404);
    expect((await performance(ids["/top"], "", other, t.headers)).res.status).toBe(404);
  });
});

describe("GET …/urls/{urlId}/google-check", () => {
  const check = (urlId: string, x: Target = t, headers = t.headers) =>
    call(googleCheckRoute.GET, { url: `${base(x)}/urls/${urlId}/google-check`, headers, params: { organizationId: x.orgId, id: x.projectId, urlId } });

  it("says why Google is asked about the URL, whether it still waits for quota, and Google's last crawl", async () => {
    expect((await check(ids["/none"])).body.data).toEqual({ reason: null, queued: false, priority: null, lastCrawlAt: null, lastGooglebotFetchAt: null, observedAt: null });
    await db.trackedUrl.update({ where: { id: ids["/middle"] }, data: {
      engineASyncPriority: 4, engineACheckReason: "crawl_aging", engineALastCrawlAt: new Date("2026-07-01T08:00:00Z"), lastGooglebotFetchAt: new Date("2026-07-02T09:00:00Z"),
    } });
    const { res, body } = await check(ids["/middle"]);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ reason: "crawl_aging", queued: true, priority: 4, lastCrawlAt: "2026-07-01T08:00:00.000Z", lastGooglebotFetchAt: "2026-07-02T09:00:00.000Z" });
    // Spent: the reason stays, as why Google was last asked.
    await db.trackedUrl.update({ where: { id: ids["/middle"] }, data: { engineASyncPriority: null } });
    expect((await check(ids["/middle"])).body.data).toMatchObject({ reason: "crawl_aging", queued: false, priority: null });
  });

  it("answers 404 for unknown, malformed and other organizations' ids", async () => {
    expect((await check("00000000-0000-4000-8000-000000000000")).res.status).toBe(404);
    expect((await check("not-a-uuid")).res.status).toBe(404);
    const other = await projectFor(stranger);
    expect((await check(ids["/top"], t, other.headers)).res.status).toBe(404);
    expect((await check(ids["/top"], other, t.headers)).res.status).toBe(404);
  });
});

describe("GET …/search-analytics/untracked", () => {
  it("lists the pages shown in 28 days that nobody tracks, by clicks, with the exact total", async () => {
    const { res, body } = await untracked();
    expect(res.status).toBe(200);
    expect(body.data.map((p: { url: string; clicks28d: number; impressions28d: number }) => [p.url.split("/").pop(), p.clicks28d, p.impressions28d]))
      .toEqual([["shown-b", 9, 9], ["shown-a", 3, 25]]);
    expect(body.meta).toMatchObject({ total: 2, offset: 0, hasMore: false });
    expect((await untracked("?offset=1&limit=1")).body).toMatchObject({ data: [{ url: `https://${t.domain}/shown-a` }], meta: { total: 2 } });
    expect((await untracked("?offset=5")).body).toMatchObject({ data: [], meta: { total: 2 } });
    expect((await untracked("?limit=0")).res.status).toBe(400);
    expect((await untracked("", t, (await projectFor(stranger)).headers)).res.status).toBe(404);
  });
});

describe("the URL list with Search Analytics", () => {
  it("answers the new fields on every URL, null before any pull", async () => {
    const { body } = await listUrls(t, "?limit=10");
    for (const u of body.data) expect(TrackedUrlResponse.parse(u)).toEqual(u);
    const never = body.data.find((u: { id: string }) => u.id === ids["/never-pulled"]);
    expect(never).toMatchObject({ clicks28d: null, impressions28d: null, ctr28d: null, position28d: null, lastImpressionAt: null, engineAStateSource: null,
      engineAObservedAt: null, engineBObservedAt: null, priority: null, lastGooglebotFetchAt: null, lastBingbotFetchAt: null, crawlerHits30d: null });
  });

  it("sorts by clicks and impressions (no value last descending, first ascending) and by verdict age", async () => {
    const order = async (q: string) => (await listUrls(t, q)).body.data.map((u: { url: string }) => new URL(u.url).pathname);
    expect(await order("?sort=clicks28d")).toEqual(["/top", "/middle", "/none", "/never-pulled"]);
    expect(await order("?sort=impressions28d:desc")).toEqual(["/middle", "/top", "/none", "/never-pulled"]);
    expect(await order("?sort=clicks28d:asc")).toEqual(["/never-pulled", "/none", "/middle", "/top"]);
    expect((await order("?sort=engineAObservedAt:asc")).slice(-2)).toEqual(["/middle", "/top"]);
    expect(await order("?sort=clicks28d&limit=2&offset=1")).toEqual(["/middle", "/none"]);
    for (const q of ["?sort=url", "?sort=clicks28d:up", "?sort=clicks28d:asc:desc"]) expect((await listUrls(t, q)).res.status, q).toBe(400);
  });

  it("filters by the verdict's source and age, with exact totals", async () => {
    const pick = async (q: string) => {
      const { body } = await listUrls(t, q);
      return { paths: body.data.map((u: { url: string }) => new URL(u.url).pathname).sort(), total: body.meta!.total };
    };
    expect(await pick("?stateSource=search_analytics")).toEqual({ paths: ["/top"], total: 1 });
    expect(await pick("?stateSource=none")).toEqual({ paths: ["/never-pulled", "/none"], total: 2 });
    expect(await pick("?verdictOlderThanDays=7")).toEqual({ paths: ["/middle", "/never-pulled", "/none"], total: 3 });
    expect(await pick("?verdictOlderThanDays=7&stateSource=inspection")).toEqual({ paths: ["/middle"], total: 1 });
    expect(await pick("?notCrawledDays=30")).toMatchObject({ total: 4 });
    for (const q of ["?stateSource=console", "?verdictOlderThanDays=0", "?verdictOlderThanDays=x", "?notCrawledDays=-1"]) expect((await listUrls(t, q)).res.status, q).toBe(400);
  });
});

describe("GET …/coverage", () => {
  it("counts fresh verdicts per engine and by source, and plans nothing without a Google connection", async () => {
    const coverage = (x: Target, headers = t.headers) =>
      call(coverageRoute.GET, { url: `${base(x)}/coverage`, headers, params: { organizationId: x.orgId, id: x.projectId } });
    const { res, body } = await coverage(t);
    expect(res.status).toBe(200);
    expect(body.data.engineA).toEqual({
      urls: 4, fresh7d: 1, fresh30d: 1, unknown: 2, ages: { within7d: 1, days8to30: 0, olderThan30d: 1, none: 2 }, bySource: { inspection: 1, search_analytics: 1 },
    });
    expect(body.data.engineB).toMatchObject({ urls: 4, fresh7d: 0, unknown: 4, ages: { within7d: 0, days8to30: 0, olderThan30d: 0, none: 4 }, bySource: { url_info: 0 } });
    // The overview's bars: every tracked URL in exactly one of them.
    for (const e of [body.data.engineA, body.data.engineB]) expect(Object.values(e.ages as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(e.urls);
    expect(body.data.plan).toMatchObject({ date: today, planned: 0 });
    expect(body.data.properties).toEqual([]);
    expect((await coverage(t, (await projectFor(stranger)).headers)).res.status).toBe(404);
  });
});
