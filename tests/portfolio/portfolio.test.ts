// The organization's portfolio (GET O/portfolio): the numbers of each project from its live counters, issues and
// snapshots, sort and q, validation (error envelope), scopes, tenancy and an organization without projects.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as portfolioRoute from "@/app/api/user/organizations/[organizationId]/portfolio/route";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { seedIssue, seedProject, seedSnapshots, seedUrls } from "./seed";

type Row = {
  id: string; name: string; domain: string; trackedUrls: number; healthyUrls: number; healthyPct: number | null;
  indexed: { engineA: { urls: number; pct: number | null }; engineB: { urls: number; pct: number | null } };
  freshness: { fresh7d: number; pct: number | null }; openCriticalIssues: number; trend: { date: string; indexedUrls: number }[];
  lastSyncAt: string | null; lastSitemapSyncAt: string | null; lastEngineSyncAt: string | null; connectionProblems: { kind: string; since: string | null; message: string }[];
  connections: { engineA: string; engineB: string; ownershipVerified: boolean };
};

let owner: TestUser;
let other: TestUser;
const tag = Math.random().toString(36).slice(2, 8);
const ids: Record<string, string> = {};
let trendDates: string[] = [];

const get = (query = "", user: TestUser = owner, orgId = owner.organizationId, headers: Record<string, string> = bearer(user.sessionToken)) =>
  call<Row[]>(portfolioRoute.GET, { url: `http://127.0.0.1:3000/api/user/organizations/${orgId}/portfolio${query}`, headers, params: { organizationId: orgId } });
const names = (rows: Row[]) => rows.map((r) => r.name);

beforeAll(async () => {
  owner = await createTestUser("portfolio");
  other = await createTestUser("portfolio-other");
  const sitemapSync = new Date("2026-11-20T10:00:00Z");
  const engineSync = new Date("2026-11-21T08:00:00Z");

  // Alpha: 10 URLs, 8 healthy, 6 indexed by Google, 3 by Bing, 5 Google verdicts of the last 7 days; 2 open critical issues.
  const alpha = await seedProject(owner, { name: `Alpha Shop ${tag}`, domain: `alpha-${tag}.example`, fields: { lastSitemapSyncAt: sitemapSync, lastEngineSyncAt: engineSync } });
  const alphaUrls = await seedUrls(alpha, Array.from({ length: 10 }, (_, i) => ({
    path: `/p${i}`, health: i < 8 ? "healthy" as const : "client_error" as const, a: i < 6 ? "indexed" as const : "crawled_not_indexed" as const,
    b: i < 3 ? "indexed" as const : "not_indexed" as const, observedDaysAgo: i < 5 ? i + 1 : i < 8 ? 12 : null,
  })));
  await seedIssue(alpha, "server_error", { urlIds: [alphaUrls["/p8"]] });
  await seedIssue(alpha, "dropped_from_index", { urlIds: [alphaUrls["/p9"]] });
  await seedIssue(alpha, "redirect_chain", { urlIds: [alphaUrls["/p7"]] }); // warning: not counted
  await seedIssue(alpha, "redirect_loop", { status: "resolved" }); // resolved: not counted
  trendDates = await seedSnapshots(alpha, { 40: 1, 30: 2, 3: 4, 2: 5, 1: 6 });

  // Beta: 4 healthy URLs, every connection failing.
  const revokedAt = new Date("2026-11-19T12:00:00Z");
  const beta = await seedProject(owner, {
    name: `beta blog ${tag}`, domain: `beta-${tag}.example`,
    fields: { gscPropertyUrl: `sc-domain:beta-${tag}.example`, gscConnectedAt: revokedAt, gscRevokedAt: revokedAt, engineBConnectedAt: revokedAt,
      engineBLastError: "The API key was refused (401)", lastSitemapSyncAt: new Date("2026-11-22T09:00:00Z") },
  });
  await seedUrls(beta, Array.from({ length: 4 }, (_, i) => ({ path: `/b${i}`, health: "healthy" as const, a: "indexed" as const, observedDaysAgo: 1 })));
  await seedIssue(beta, "indexnow_key_invalid", { at: new Date("2026-11-18T00:00:00Z") });
  await seedIssue(beta, "gsc_auth_revoked", { at: revokedAt });

  // Gamma: no URLs, never synced. A deleted project and another organization's project are never listed.
  const gamma = await seedProject(owner, { name: `Gamma ${tag}`, domain: `gamma-${tag}.example` });
  await seedProject(owner, { name: `Deleted ${tag}`, domain: `deleted-${tag}.example`, fields: { deletedAt: new Date(), liveDomain: null } });
  const theirs = await seedProject(other, { name: `Theirs ${tag}`, domain: `theirs-${tag}.example` });
  Object.assign(ids, { alpha: alpha.id, beta: beta.id, gamma: gamma.id, theirs: theirs.id });
});

describe("GET O/portfolio", () => {
  it("lists every live project of the organization with its numbers, by name", async () => {
    const { res, body } = await get();
    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    expect(names(body.data)).toEqual([`Alpha Shop ${tag}`, `beta blog ${tag}`, `Gamma ${tag}`]);
    const [alpha, beta, gamma] = body.data;
    expect(alpha).toMatchObject({
      id: ids.alpha, domain: `alpha-${tag}.example`, trackedUrls: 10, healthyUrls: 8, healthyPct: 80,
      indexed: { engineA: { urls: 6, pct: 60 }, engineB: { urls: 3, pct: 30 } }, freshness: { fresh7d: 5, pct: 50 }, openCriticalIssues: 2,
      lastSitemapSyncAt: "2026-11-20T10:00:00.000Z", lastEngineSyncAt: "2026-11-21T08:00:00.000Z", lastSyncAt: "2026-11-21T08:00:00.000Z",
      connectionProblems: [],
    });
    // The last 30 dates: the snapshot of 40 days ago is left out, oldest first.
    const [d1, d2, d3, d30] = trendDates; // seeded in key order: 1, 2, 3, 30, 40 days ago
    expect(alpha.trend).toEqual([{ date: d30, indexedUrls: 2 }, { date: d3, indexedUrls: 4 }, { date: d2, indexedUrls: 5 }, { date: d1, indexedUrls: 6 }]);
    expect(beta).toMatchObject({ trackedUrls: 4, healthyPct: 100, indexed: { engineA: { pct: 100 }, engineB: { urls: 0, pct: 0 } }, freshness: { pct: 100 }, openCriticalIssues: 2, lastSyncAt: "2026-11-22T09:00:00.000Z" });
    expect(beta.connectionProblems.map((p) => p.kind)).toEqual(["gsc_revoked", "engine_b_failing", "indexnow_key_failing"]);
    expect(beta.connectionProblems[0].since).toBe("2026-11-19T12:00:00.000Z");
    expect(beta.connectionProblems[1].message).toContain("The API key was refused (401)");
    expect(beta.connectionProblems[2].since).toBe("2026-11-18T00:00:00.000Z");
    expect(gamma).toMatchObject({ trackedUrls: 0, healthyPct: null, indexed: { engineA: { urls: 0, pct: null }, engineB: { pct: null } }, freshness: { fresh7d: 0, pct: null },
      openCriticalIssues: 0, trend: [], lastSyncAt: null, connectionProblems: [] });
  });

  it("says which engines are connected and whether ownership is proven, so a project with neither has more to say than no problems", async () => {
    const byId = Object.fromEntries((await get()).body.data.map((r) => [r.id, r]));
    // Alpha and Gamma: nothing connected, nothing proven; no failing connection either.
    expect(byId[ids.alpha].connections).toEqual({ engineA: "not_connected", engineB: "not_connected", ownershipVerified: false });
    expect(byId[ids.gamma].connections).toEqual({ engineA: "not_connected", engineB: "not_connected", ownershipVerified: false });
    expect(byId[ids.beta].connections).toEqual({ engineA: "revoked", engineB: "failing", ownershipVerified: true });
    await db.project.update({ where: { id: ids.gamma }, data: { dnsVerifiedAt: new Date(), engineBConnectedAt: new Date() } });
    expect((await get()).body.data.find((r) => r.id === ids.gamma)!.connections).toEqual({ engineA: "not_connected", engineB: "connected", ownershipVerified: true });
    await db.project.update({ where: { id: ids.gamma }, data: { dnsVerifiedAt: null, engineBConnectedAt: null } });
  });

  it("follows the counters as URLs change", async () => {
    await db.trackedUrl.updateMany({ where: { projectId: ids.alpha, url: { endsWith: "/p9" } }, data: { engineBState: "indexed" } });
    const alpha = (await get()).body.data.find((r) => r.id === ids.alpha)!;
    expect(alpha.indexed.engineB).toEqual({ urls: 4, pct: 40 });
    await db.trackedUrl.updateMany({ where: { projectId: ids.alpha, url: { endsWith: "/p9" } }, data: { engineBState: "not_indexed" } });
  });

  it("reuses a project's count of fresh Google verdicts for 5 minutes, then counts again", async () => {
    const fresh = async () => (await get()).body.data.find((r) => r.id === ids.alpha)!.freshness;
    expect(await fresh()).toEqual({ fresh7d: 5, pct: 50 });
    await db.trackedUrl.updateMany({ where: { projectId: ids.alpha, url: { endsWith: "/p0" } }, data: { engineAObservedAt: new Date(Date.now() - 20 * 86_400_000) } });
    expect(await fresh()).toEqual({ fresh7d: 5, pct: 50 });
    await db.$executeRaw`UPDATE portfolio_freshness SET computed_at = computed_at - interval '6 minutes' WHERE project_id = ${ids.alpha}::uuid`;
    expect(await fresh()).toEqual({ fresh7d: 4, pct: 40 });
    await db.trackedUrl.updateMany({ where: { projectId: ids.alpha, url: { endsWith: "/p0" } }, data: { engineAObservedAt: new Date(Date.now() - 86_400_000) } });
    await db.$executeRaw`DELETE FROM portfolio_freshness WHERE project_id = ${ids.alpha}::uuid`;
  });

  it("sorts by each field, descending by default for numbers, projects without a value last", async () => {
    const order = async (sort: string) => names((await get(`?sort=${sort}`)).body.data).map((n) => n.split(" ")[0].toLowerCase());
    expect(await order("name:desc")).toEqual(["gamma", "beta", "alpha"]);
    expect(await order("trackedUrls")).toEqual(["alpha", "beta", "gamma"]);
    expect(await order("trackedUrls:asc")).toEqual(["gamma", "beta", "alpha"]);
    expect(await order("healthyPct")).toEqual(["beta", "alpha", "gamma"]);
    expect(await order("healthyPct:asc")).toEqual(["alpha", "beta", "gamma"]); // null stays last
    expect(await order("indexedPctEngineA:asc")).toEqual(["alpha", "beta", "gamma"]);
    expect(await order("indexedPctEngineB")).toEqual(["alpha", "beta", "gamma"]);
    expect(await order("freshness")).toEqual(["beta", "alpha", "gamma"]);
    expect(await order("openCritical:asc")).toEqual(["gamma", "alpha", "beta"]); // ties by name
    expect(await order("lastSyncAt")).toEqual(["beta", "alpha", "gamma"]);
  });

  it("filters by name or domain, case-insensitively, with % and _ taken literally", async () => {
    expect(names((await get(`?q=ALPHA%20SHOP`)).body.data)).toEqual([`Alpha Shop ${tag}`]);
    expect(names((await get(`?q=beta-${tag}.EXAMPLE`)).body.data)).toEqual([`beta blog ${tag}`]);
    expect(names((await get(`?q=${tag}&sort=trackedUrls:asc`)).body.data)).toEqual([`Gamma ${tag}`, `beta blog ${tag}`, `Alpha Shop ${tag}`]);
    expect((await get("?q=%25")).body.data).toEqual([]);
    expect((await get("?q=a_p")).body.data).toEqual([]);
    expect((await get("?q=")).body.data).toHaveLength(3); // empty: no filter
  });

  it("answers bad sort and q values with the validation envelope", async () => {
    for (const query of ["?sort=size", "?sort=name:up", "?sort=name:asc:desc", `?q=${"x".repeat(256)}`, "?q=%20%20"]) {
      const { res, body } = await get(query);
      expect(res.status, query).toBe(400);
      expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    }
    const nul = await get("?q=a%00b");
    expect(nul.res.status).toBe(400);
    expect(nul.body.success).toBe(false);
  });

  it("is another organization's business: 404 for its id, and its member sees only their own", async () => {
    const theirs = await get("", owner, other.organizationId);
    expect(theirs.res.status).toBe(404);
    expect(theirs.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    expect((await get("", owner, "00000000-0000-4000-8000-000000000000")).res.status).toBe(404);
    const mine = await get("", other, other.organizationId);
    expect(mine.body.data.map((r) => r.id)).toEqual([ids.theirs]);
    expect((await get("", other, owner.organizationId)).res.status).toBe(404);
  });

  it("needs organization:read", async () => {
    const { key } = await createTestApiKey(owner, ["projects:read"]);
    const denied = await get("", owner, owner.organizationId, apiKeyHeader(key));
    expect(denied.res.status).toBe(403);
    expect(denied.body.meta).toMatchObject({ missingScopes: ["organization:read"] });
    const { key: reader } = await createTestApiKey(owner, ["organization:read"]);
    expect((await get("", owner, owner.organizationId, apiKeyHeader(reader))).body.data).toHaveLength(3);
  });

  it("answers an empty list for an organization without projects", async () => {
    const lonely = await createTestUser("portfolio-empty");
    const { res, body } = await get("", lonely, lonely.organizationId);
    expect(res.status).toBe(200);
    expect(body.data).toEqual([]);
  });
});
