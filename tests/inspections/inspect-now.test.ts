// Inspect now, the "check again" queue and URL history, through the real route handlers. The app's
// default safe fetcher reaches the local test site through CONNECT_TO (plain HTTP: every host's port 80).
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as inspectRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/inspect/route";
import * as historyRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/history/route";
import * as inspectionsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/inspections/route";
import { db } from "@/lib/db";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestProject, createTestUser, type TestUser } from "../factories";
import { SitemapSite } from "../sitemaps/helpers";
import { balanceOf, setBalance, uniqueDomain } from "./helpers";

let site: SitemapSite;
let alice: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  site = await SitemapSite.start();
  process.env.CONNECT_TO = `:80:127.0.0.1:${site.site.httpPort}`;
  [alice, mallory] = await Promise.all([createTestUser("inspect-alice"), createTestUser("inspect-mallory")]);
});
afterAll(() => site.close());

type Target = { orgId: string; projectId: string; domain: string; headers: Record<string, string> };

async function projectWith(user: TestUser, paths: string[]) {
  const domain = uniqueDomain("insp");
  const project = await createTestProject(user, { domain, verified: true });
  await db.trackedUrl.createMany({ data: paths.map((p) => ({ organizationId: user.organizationId, projectId: project.id, url: `http://${domain}${p}`, source: "manual" as const })) });
  const urls = await db.trackedUrl.findMany({ where: { projectId: project.id }, orderBy: { url: "asc" } });
  const t: Target = { orgId: user.organizationId, projectId: project.id, domain, headers: bearer(user.sessionToken) };
  return { t, ids: Object.fromEntries(urls.map((u) => [new URL(u.url).pathname, u.id])) as Record<string, string> };
}

const base = (t: Target) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}`;
const inspect = (t: Target, urlId: string, headers = t.headers) =>
  call(inspectRoute.POST, { method: "POST", url: `${base(t)}/urls/${urlId}/inspect`, headers, params: { organizationId: t.orgId, id: t.projectId, urlId } });
const history = (t: Target, urlId: string, query = "") =>
  call(historyRoute.GET, { url: `${base(t)}/urls/${urlId}/history${query}`, headers: t.headers, params: { organizationId: t.orgId, id: t.projectId, urlId } });
const queue = (t: Target, json: unknown, headers = t.headers) =>
  call(inspectionsRoute.POST, { method: "POST", url: `${base(t)}/inspections`, headers, json, params: { organizationId: t.orgId, id: t.projectId } });

const html = (head = "") => ({ body: `<!doctype html><html><head>${head}</head><body>hello</body></html>`, contentType: "text/html" });
const robotsAllowAll = { body: "User-agent: *\nDisallow:\n", contentType: "text/plain" };

describe("POST …/urls/{urlId}/inspect", () => {
  it("audits the URL for one credit, answers it updated and records the history", async () => {
    const { t, ids } = await projectWith(alice, ["/ok"]);
    site.set(t.domain, "/robots.txt", robotsAllowAll);
    site.set(t.domain, "/ok", html());
    const before = await balanceOf(alice.organizationId);

    const { res, body } = await inspect(t, ids["/ok"]);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ id: ids["/ok"], healthState: "healthy", httpStatus: 200, indexability: "indexable", redirectHops: 0, healthError: null });
    expect(body.data.lastAuditAt).toBeTruthy();
    expect(body.data.lastHealthCheckAt).toBeTruthy();
    expect(await balanceOf(alice.organizationId)).toBe(before - 1);

    const h = await history(t, ids["/ok"]);
    expect(h.res.status).toBe(200);
    expect(h.body.meta).toMatchObject({ total: 1, offset: 0, hasMore: false });
    expect(h.body.data[0]).toMatchObject({ kind: "audit", source: "inspect_now", changed: [], state: { healthState: "healthy", httpStatus: 200, hops: [], fetched: true } });
  });

  it("turns a 404 into a broken_link issue, then resolves it and queues IndexNow when the page is fixed", async () => {
    const { t, ids } = await projectWith(alice, ["/gone"]);
    site.set(t.domain, "/robots.txt", robotsAllowAll);
    const first = await inspect(t, ids["/gone"]);
    expect(first.body.data).toMatchObject({ healthState: "client_error", httpStatus: 404, indexability: "unknown" });
    const group = await db.issue.findUniqueOrThrow({ where: { projectId_type: { projectId: t.projectId, type: "broken_link" } } });
    expect(group).toMatchObject({ status: "open", affectedUrlCount: 1 });

    site.set(t.domain, "/gone", html());
    const second = await inspect(t, ids["/gone"]);
    expect(second.body.data).toMatchObject({ healthState: "healthy", httpStatus: 200, indexability: "indexable" });
    expect(await db.issue.findUniqueOrThrow({ where: { id: group.id } })).toMatchObject({ status: "resolved", affectedUrlCount: 0 });
    expect(await db.issueUrlMembership.findFirstOrThrow({ where: { issueId: group.id } })).toMatchObject({ resolvedAt: expect.any(Date) });
    expect(await db.indexNowQueueEntry.count({ where: { trackedUrlId: ids["/gone"] } })).toBe(1);

    const h = await history(t, ids["/gone"]);
    expect(h.body.data.map((e: { state: { httpStatus: number } }) => e.state.httpStatus)).toEqual([200, 404]);
    expect(h.body.data[0].changed).toEqual(expect.arrayContaining(["healthState", "httpStatus", "indexability"]));
    expect((await history(t, ids["/gone"], "?limit=1&offset=1")).body.data[0].state.httpStatus).toBe(404);
    // One kind only: the audits here; no engine is connected, so none of its kind.
    expect((await history(t, ids["/gone"], "?kind=audit")).body).toMatchObject({ meta: { total: 2 } });
    expect((await history(t, ids["/gone"], "?kind=engineA")).body).toMatchObject({ data: [], meta: { total: 0 } });
    const bad = await history(t, ids["/gone"], "?kind=ghost");
    expect(bad.res.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
  });

  it("never requests a URL robots.txt keeps Googlebot from, and reports the rule", async () => {
    const { t, ids } = await projectWith(alice, ["/private/page"]);
    site.set(t.domain, "/robots.txt", { body: "User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow:\n", contentType: "text/plain" });
    site.set(t.domain, "/private/page", html());
    const { body } = await inspect(t, ids["/private/page"]);
    expect(body.data).toMatchObject({ indexability: "blocked_by_robots", healthState: "unknown" });
    expect(site.requestsTo(t.domain)).not.toContain("/private/page");
    const [entry] = (await history(t, ids["/private/page"])).body.data;
    expect(entry.state).toMatchObject({ fetched: false, robots: { blockedFor: ["engineA"], rule: { line: 2, directive: "disallow", value: "/private" } } });
    expect(await db.issue.count({ where: { projectId: t.projectId, type: "blocked_by_robots", status: "open" } })).toBe(1);
  });

  it("answers 402 without a credit and sends no request", async () => {
    const u = await createTestUser("inspect-broke");
    const { t, ids } = await projectWith(u, ["/x"]);
    site.set(t.domain, "/x", html());
    await setBalance(u.organizationId, 0);
    const { res, body } = await inspect(t, ids["/x"]);
    expect(res.status).toBe(402);
    expect(body).toMatchObject({ success: false, code: "INSUFFICIENT_CREDITS", meta: { required: 1, available: 0 } });
    expect(site.requestsTo(t.domain)).toEqual([]);
    expect((await db.trackedUrl.findUniqueOrThrow({ where: { id: ids["/x"] } })).lastAuditAt).toBeNull();
  });

  it("runs at most 10 at once per project (429 RATE_LIMITED beyond)", async () => {
    const u = await createTestUser("inspect-burst");
    const paths = Array.from({ length: 12 }, (_, i) => `/slow${i}`);
    const { t, ids } = await projectWith(u, paths);
    site.set(t.domain, "/robots.txt", robotsAllowAll);
    for (const p of paths) site.set(t.domain, p, { ...html(), delayMs: 700 });
    const results = await Promise.all(paths.map((p) => inspect(t, ids[p])));
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
    expect(results.find((r) => r.res.status === 429)!.body.code).toBe("RATE_LIMITED");
  });

  it("answers 404 for another organization's project or URL, 401 without credentials, 403 without projects:write", async () => {
    const { t, ids } = await projectWith(alice, ["/a"]);
    const theirs = await projectWith(mallory, ["/m"]);
    const asMallory = { ...t, headers: bearer(mallory.sessionToken) };
    expect((await inspect(asMallory, ids["/a"])).res.status).toBe(404);
    expect((await inspect(t, theirs.ids["/m"])).res.status).toBe(404);
    expect((await inspect(t, "00000000-0000-4000-8000-000000000000")).res.status).toBe(404);
    expect((await history(asMallory, ids["/a"])).res.status).toBe(404);
    expect((await inspect(t, ids["/a"], {})).res.status).toBe(401);
    const { key } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const denied = await inspect(t, ids["/a"], apiKeyHeader(key));
    expect(denied.res.status).toBe(403);
    expect(denied.body.code).toBe("FORBIDDEN");
    expect(site.requestsTo(t.domain)).toEqual([]);
  });
});

describe("POST …/inspections", () => {
  it("queues the project's URLs once, counting repeats and unknown ids", async () => {
    const { t, ids } = await projectWith(alice, ["/q1", "/q2"]);
    const theirs = await projectWith(mallory, ["/m"]);
    const first = await queue(t, { urlIds: [ids["/q1"], ids["/q2"], ids["/q1"], theirs.ids["/m"]] });
    expect(first.res.status).toBe(200);
    expect(first.body.data).toEqual({ queued: 2, alreadyQueued: 0, unknown: 1 });
    expect((await queue(t, { urlIds: [ids["/q2"]] })).body.data).toEqual({ queued: 0, alreadyQueued: 1, unknown: 0 });
    expect(await db.inspectionRequest.count({ where: { projectId: t.projectId } })).toBe(2);
    expect(await db.inspectionRequest.count({ where: { projectId: theirs.t.projectId } })).toBe(0);
  });

  it.each([
    ["an empty list", { urlIds: [] }],
    ["a malformed id", { urlIds: ["nope"] }],
    ["a NUL byte", { urlIds: ["\u0000"] }],
    ["too many ids", { urlIds: Array.from({ length: 1001 }, () => crypto.randomUUID()) }],
    ["a wrong type", { urlIds: "x" }],
    ["an unknown field", { urlIds: [crypto.randomUUID()], extra: 1 }],
  ])("rejects %s with 400", async (_, json) => {
    const { t } = await projectWith(alice, ["/v"]);
    const { res, body } = await queue(t, json);
    expect(res.status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
  });
});
