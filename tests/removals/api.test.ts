// Declaring, reading and cancelling removals through the routes: the batch and its warnings, every bad input
// (untracked URLs, another project's ids, a redirect to itself, NUL bytes, too many, a URL already followed),
// tenancy, the CSV, the removal sitemap (valid XML) and its public address, revoked by cancelling.
import crypto from "node:crypto";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { parseSitemapStream } from "@/lib/sitemaps/parse";
import { collect, pieces } from "@/lib/sitemaps/parse/test-helpers";
import { db } from "@/lib/db";
import * as listRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/removals/route";
import * as oneRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/removals/[removalId]/route";
import * as urlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/removals/[removalId]/urls/route";
import * as sitemapRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/removals/[removalId]/sitemap.xml/route";
import * as publicRoute from "@/app/api/removal-sitemaps/[file]/route";
import * as urlRemovalsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/removals/route";
import { call } from "../http";
import { createTestApiKey, createTestTenant, type TestTenant } from "../factories";
import { base, params, removalProject, type RemovalProject } from "./helpers";

let owner: TestTenant;
let stranger: TestTenant;
let p: RemovalProject;
let other: RemovalProject;
const host = () => ({ host: `rm-${crypto.randomUUID().slice(0, 8)}.example` });

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestTenant("removals"), createTestTenant("removals-stranger")]);
  p = await removalProject(owner, host(), ["/a", "/b", "/c", "/d", "/e", "/new-home"]);
  other = await removalProject(owner, host(), ["/x"]);
});

const post = (json: unknown, t: RemovalProject = p, headers = t.headers) => call(listRoute.POST, { method: "POST", url: base(t), headers, json, params: params(t) });
const list = (t: RemovalProject = p, headers = t.headers) => call(listRoute.GET, { url: base(t), headers, params: params(t) });
const getOne = (id: string, t: RemovalProject = p, headers = t.headers) => call(oneRoute.GET, { url: `${base(t)}/${id}`, headers, params: params(t, { removalId: id }) });
const cancel = (id: string, t: RemovalProject = p, headers = t.headers) => call(oneRoute.DELETE, { method: "DELETE", url: `${base(t)}/${id}`, headers, params: params(t, { removalId: id }) });
const urlsOf = (id: string, q = "") => call(urlsRoute.GET, { url: `${base(p)}/${id}/urls${q}`, headers: p.headers, params: params(p, { removalId: id }) });
async function raw(handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, url: string, prm: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await handler(new Request(url, { headers }), { params: Promise.resolve(prm) });
  return { res, text: await res.text() };
}
const publicSitemap = (sitemapUrl: string) => {
  const file = sitemapUrl.split("/").pop()!;
  return raw(publicRoute.GET, `http://127.0.0.1:3000/api/removal-sitemaps/${file}`, { file });
};

describe("declaring a removal", () => {
  it("answers 201 with the batch, every URL pending, and the warnings: off-site target, still in the sitemap", async () => {
    await db.trackedUrl.update({ where: { id: p.urls["/a"].id }, data: { lastSeenInSitemapAt: new Date() } });
    const { res, body } = await post({ urls: [p.urls["/a"].url, p.urls["/b"].url], intent: "redirected", redirectTarget: "https://elsewhere.example/new" });
    expect(res.status).toBe(201);
    expect(body.status).toBe(201);
    expect(body.data).toMatchObject({
      intent: "redirected", redirectTarget: "https://elsewhere.example/new", redirectOffSite: true, stuckAfterDays: 30, status: "active",
      counts: { total: 2, pending: 2, confirmedBySite: 0, removed: 0, stuck: 0, cancelled: 0 },
      engines: { engineA: { connected: false, pending: 2 }, engineB: { connected: false, pending: 2 } },
    });
    expect(body.data.sitemapUrl).toMatch(/\/api\/removal-sitemaps\/[A-Za-z0-9_-]{32}\.xml$/);
    expect(body.data.warnings.map((w: { code: string }) => w.code)).toEqual(["redirect_off_site", "still_in_sitemap"]);
    expect(body.data.warnings[1].urls).toEqual([p.urls["/a"].url]);
    await cancel(body.data.id);
  });

  it("warns that a blocked page can stay indexed, and takes stuckAfterDays and urlIds", async () => {
    const { res, body } = await post({ urlIds: [p.urls["/c"].id], intent: "blocked", stuckAfterDays: 7 });
    expect(res.status).toBe(201);
    expect(body.data.stuckAfterDays).toBe(7);
    expect(body.data.warnings).toEqual([expect.objectContaining({ code: "blocked_intent", message: expect.stringMatching(/can stay indexed/) })]);
    await cancel(body.data.id);
  });

  it("refuses untracked URLs naming them, another project's ids (404), a redirect to itself, and writes nothing", async () => {
    const before = await db.removalBatch.count({ where: { projectId: p.projectId } });
    const untracked = await post({ urls: [p.urls["/a"].url, `https://${p.domain}/never-tracked`], intent: "gone" });
    expect(untracked.res.status).toBe(400);
    expect(untracked.body).toMatchObject({ code: "VALIDATION_ERROR", meta: { untracked: [`https://${p.domain}/never-tracked`], untrackedCount: 1 } });
    const foreign = await post({ urlIds: [p.urls["/a"].id, other.urls["/x"].id], intent: "gone" });
    expect(foreign.res.status).toBe(404);
    expect(foreign.body.meta).toMatchObject({ unknownIds: [other.urls["/x"].id] });
    const itself = await post({ urls: [p.urls["/a"].url], intent: "redirected", redirectTarget: p.urls["/a"].url });
    expect(itself.res.status).toBe(400);
    expect(itself.body.meta?.errors?.[0]).toMatchObject({ path: "redirectTarget", code: "redirect_to_itself" });
    expect(await db.removalBatch.count({ where: { projectId: p.projectId } })).toBe(before);
  });

  it("answers 400 for NUL bytes, both or neither of urlIds and urls, a target without redirected, bad types, more than 10,000 URLs", async () => {
    const bad: unknown[] = [
      { urls: [`${p.urls["/a"].url}\u0000`], intent: "gone" },
      { urls: [p.urls["/a"].url], urlIds: [p.urls["/a"].id], intent: "gone" },
      { intent: "gone" },
      { urls: [p.urls["/a"].url], intent: "gone", redirectTarget: p.urls["/b"].url },
      { urls: [p.urls["/a"].url], intent: "vanished" },
      { urls: "https://x", intent: "gone" },
      { urls: [p.urls["/a"].url], intent: "gone", stuckAfterDays: 0 },
      { urls: [p.urls["/a"].url], intent: "redirected", redirectTarget: "ftp://files.example/x" },
      { urls: [p.urls["/a"].url], intent: "redirected", redirectTarget: "https://user:pw@site.example/x" },
      { urlIds: Array.from({ length: 10_001 }, () => crypto.randomUUID()), intent: "gone" },
    ];
    for (const json of bad) {
      const r = await post(json);
      expect(r.res.status, JSON.stringify(json).slice(0, 120)).toBe(400);
      expect(r.body.success).toBe(false);
    }
  });

  it("answers 409 naming the URLs already in an active removal; cancelling frees them", async () => {
    const first = await post({ urls: [p.urls["/d"].url], intent: "gone" });
    const again = await post({ urls: [p.urls["/d"].url, p.urls["/e"].url], intent: "noindexed" });
    expect(again.res.status).toBe(409);
    expect(again.body).toMatchObject({ code: "CONFLICT", meta: { urls: [{ url: p.urls["/d"].url, removalId: first.body.data.id }] } });
    expect(await db.removalUrl.count({ where: { trackedUrlId: p.urls["/e"].id } })).toBe(0);
    await cancel(first.body.data.id);
    const after = await post({ urls: [p.urls["/d"].url], intent: "gone" });
    expect(after.res.status).toBe(201);
    await cancel(after.body.data.id);
  });

  it("takes 10,000 URLs at once", async () => {
    const big = await removalProject(owner, host(), []);
    // Product URLs of 150 characters: 10,000 of them are 1.5 MB of JSON, more than the API's default body limit.
    const url = (i: number) => `https://${big.domain}/products/${String(i).padStart(5, "0")}-${"retired-range-".repeat(8)}`.padEnd(150, "x");
    await db.trackedUrl.createMany({ data: Array.from({ length: 10_000 }, (_, i) => ({ organizationId: big.organizationId, projectId: big.projectId, url: url(i), source: "import" as const })) });
    const started = Date.now();
    const r = await post({ urls: Array.from({ length: 10_000 }, (_, i) => url(i)), intent: "gone" }, big);
    expect(r.res.status).toBe(201);
    expect(r.body.data.counts.total).toBe(10_000);
    const huge = await post({ urls: Array.from({ length: 10_000 }, () => `https://${big.domain}/${"y".repeat(600)}`), intent: "gone" }, big);
    expect(huge.res.status).toBe(413);
    expect(huge.body.code).toBe("PAYLOAD_TOO_LARGE");
    console.log(`[removals] declaring 10,000 URLs took ${Date.now() - started} ms`);
  }, 180_000);
});

describe("reading removals", () => {
  it("lists batches with meta, reads one, pages its URLs with each engine's state, and the URL's timeline", async () => {
    const made = await post({ urls: [p.urls["/a"].url, p.urls["/b"].url, p.urls["/c"].url], intent: "gone" });
    const id = made.body.data.id;
    const l = await list();
    expect(l.res.status).toBe(200);
    expect(l.body.data[0].id).toBe(id); // the active one comes first
    expect(l.body.meta).toMatchObject({ offset: 0, limit: 20, hasMore: false, suggestions: [], suggestionsTotal: 0 });
    expect((await getOne(id)).body.data.counts.total).toBe(3);
    const page = await urlsOf(id, "?limit=2&state=pending");
    expect(page.body.meta).toMatchObject({ total: 3, limit: 2, hasMore: true });
    expect(page.body.data[0]).toMatchObject({
      url: p.urls["/a"].url, state: "pending", intent: "gone", site: { confirmed: null, reason: null },
      engines: { engineA: { state: null, removedAt: null }, engineB: { state: null, removedAt: null } },
    });
    const timeline = await call(urlRemovalsRoute.GET, {
      url: `http://127.0.0.1:3000/api/user/organizations/${p.organizationId}/projects/${p.projectId}/urls/${p.urls["/a"].id}/removals`,
      headers: p.headers, params: params(p, { urlId: p.urls["/a"].id }),
    });
    expect(timeline.body.data[0]).toMatchObject({ removalId: id, state: "pending" });
    expect(timeline.body.data.length).toBeGreaterThanOrEqual(2); // the cancelled batches of the tests above too

    // Text in a cell that a spreadsheet would run as a formula (a CR first is one, as for the URL export).
    await db.removalUrl.updateMany({ where: { batchId: id, trackedUrlId: p.urls["/b"].id }, data: { siteReason: "\r=HYPERLINK(\"http://evil.example\")" } });
    const csv = await raw(urlsRoute.GET, `${base(p)}/${id}/urls?format=csv`, params(p, { removalId: id }), p.headers);
    expect(csv.res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.res.headers.get("x-content-type-options")).toBe("nosniff");
    const rows = Papa.parse<string[]>(csv.text.trim(), { newline: "\r\n" }).data;
    expect(rows[0][0]).toBe("url");
    expect(rows.slice(1).map((r) => r[0])).toEqual([p.urls["/a"].url, p.urls["/b"].url, p.urls["/c"].url]);
    expect(rows[2][rows[0].indexOf("site_reason")]).toBe("'\r=HYPERLINK(\"http://evil.example\")");
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    await cancel(id);
  });

  it("serves the removal sitemap as valid XML, also at its public address without credentials, revoked by cancelling", async () => {
    const made = await post({ urls: [p.urls["/a"].url, p.urls["/b"].url], intent: "gone" });
    const { id, sitemapUrl } = made.body.data;
    const dl = await raw(sitemapRoute.GET, `${base(p)}/${id}/sitemap.xml`, params(p, { removalId: id }), p.headers);
    expect(dl.res.status).toBe(200);
    expect(dl.res.headers.get("content-type")).toMatch(/^application\/xml/);
    // Read back by the product's own (strict, streaming) sitemap parser, as an engine would read it.
    const parsed = await collect(parseSitemapStream(pieces(dl.text, [7])));
    expect(parsed.error).toBeNull();
    expect(parsed.events[0]).toEqual({ kind: "root", type: "urlset" });
    const entries = parsed.events.filter((e) => e.kind === "url") as { loc: string; lastmod?: Date }[];
    expect(entries.map((u) => u.loc)).toEqual([p.urls["/a"].url, p.urls["/b"].url]);
    const declared = await db.removalUrl.findFirstOrThrow({ where: { batchId: id, trackedUrlId: p.urls["/a"].id } });
    expect(entries[0].lastmod?.toISOString()).toBe(declared.declaredAt.toISOString());

    const pub = await publicSitemap(sitemapUrl);
    expect(pub.res.status).toBe(200);
    expect(pub.text).toBe(dl.text);
    expect((await raw(publicRoute.GET, "http://127.0.0.1:3000/api/removal-sitemaps/guess.xml", { file: "guess.xml" })).res.status).toBe(404);

    const cancelled = await cancel(id);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", sitemapUrl: null, counts: { cancelled: 2, relisted: 0 } });
    expect((await urlsOf(id)).body.data.map((u: { cancelledBecause: string }) => u.cancelledBecause)).toEqual(["cancelled", "cancelled"]);
    expect((await publicSitemap(sitemapUrl)).res.status).toBe(404);
  });
});

describe("tenancy and scopes", () => {
  it("answers 404 to another organization for every route, and 403 to a read-only key on POST and DELETE", async () => {
    const made = await post({ urls: [p.urls["/a"].url], intent: "gone" });
    const id = made.body.data.id;
    const s = { headers: { authorization: `Bearer ${stranger.sessionToken}` } };
    expect((await list(p, s.headers)).res.status).toBe(404);
    expect((await getOne(id, p, s.headers)).res.status).toBe(404);
    expect((await cancel(id, p, s.headers)).res.status).toBe(404);
    expect((await post({ urls: [p.urls["/b"].url], intent: "gone" }, p, s.headers)).res.status).toBe(404);
    // A batch id under another project of the same organization reads as unknown.
    expect((await getOne(id, other)).res.status).toBe(404);
    const { key } = await createTestApiKey(owner, ["projects:read", "organization:read"]);
    expect((await post({ urls: [p.urls["/b"].url], intent: "gone" }, p, { "x-api-key": key })).res.status).toBe(403);
    expect((await cancel(id, p, { "x-api-key": key })).res.status).toBe(403);
    expect((await getOne(id, p, { "x-api-key": key })).res.status).toBe(200);
    await cancel(id);
  });

  it("answers 404 for a URL's removal timeline when the URL is another project's, unknown or malformed", async () => {
    const timeline = (t: RemovalProject, urlId: string, headers = t.headers) => call(urlRemovalsRoute.GET, {
      url: `http://127.0.0.1:3000/api/user/organizations/${t.organizationId}/projects/${t.projectId}/urls/${urlId}/removals`,
      headers, params: params(t, { urlId }),
    });
    expect((await timeline(p, p.urls["/a"].id)).res.status).toBe(200);
    for (const urlId of [other.urls["/x"].id, crypto.randomUUID(), "not-a-uuid"]) {
      const { res, body } = await timeline(p, urlId);
      expect(res.status, urlId).toBe(404);
      expect(body).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
    expect((await timeline(p, p.urls["/a"].id, { authorization: `Bearer ${stranger.sessionToken}` })).res.status).toBe(404);
  });
});
