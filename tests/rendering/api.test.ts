// Rendering's API without a browser: the renderer's state and 503, the credit and confirm refusals (which come
// before any browser is launched), a stored render as GET serves it (differences, issues, screenshot), the settings,
// the weekly sample's choice, tenancy, and the AI access read from a local test site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as renderRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/render/route";
import * as screenshotRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/render/screenshot/route";
import * as renderingRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/rendering/route";
import * as aiAccessRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/ai-access/route";
import { systemCtx } from "@/lib/core/context";
import { db } from "@/lib/db";
import { getAiAccess, parseContentSignals } from "@/lib/rendering/ai-access";
import { compareFacts, textRatio } from "@/lib/rendering/compare";
import { extractFacts } from "@/lib/rendering/extract";
import { pickSample, sectionOf } from "@/lib/rendering/overview";
import { RENDER_CREDITS, storeRender, type RenderOutcome } from "@/lib/rendering/render-url";
import { bearer, call } from "../http";
import { createTestProject, createTestUser, type TestUser } from "../factories";
import { balanceOf, setBalance } from "../inspections/helpers";
import { SitemapSite } from "../sitemaps/helpers";

let alice: TestUser;
let mallory: TestUser;
let site: SitemapSite;
beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("render-alice"), createTestUser("render-mallory")]);
  site = await SitemapSite.start();
});
afterAll(() => site.close());

async function projectWith(user: TestUser, paths: string[], domain = site.domain("render")) {
  const project = await createTestProject(user, { domain, verified: true });
  await db.trackedUrl.createMany({ data: paths.map((p, i) => ({ organizationId: user.organizationId, projectId: project.id, url: `https://${domain}${p}`, source: "manual" as const, clicks28d: i })) });
  const urls = await db.trackedUrl.findMany({ where: { projectId: project.id }, orderBy: { url: "asc" } });
  return { project, ids: Object.fromEntries(urls.map((u) => [new URL(u.url).pathname, u.id])) as Record<string, string> };
}
const P = (user: TestUser, projectId: string) => `http://127.0.0.1:3000/api/user/organizations/${user.organizationId}/projects/${projectId}`;
const urlCall = (handler: typeof renderRoute.GET, user: TestUser, owner: TestUser, projectId: string, urlId: string, opts: { method?: string; json?: unknown; path?: string } = {}) =>
  call(handler, { method: opts.method ?? "GET", url: `${P(owner, projectId)}/urls/${urlId}/${opts.path ?? "render"}`, headers: bearer(user.sessionToken), json: opts.json, params: { organizationId: owner.organizationId, id: projectId, urlId } });
const projectCall = (handler: typeof renderingRoute.GET, user: TestUser, projectId: string, path: string, opts: { method?: string; json?: unknown } = {}) =>
  call(handler, { method: opts.method ?? "GET", url: `${P(user, projectId)}/${path}`, headers: bearer(user.sessionToken), json: opts.json, params: { organizationId: user.organizationId, id: projectId } });

/** The screenshot route answers a JPEG (or the error envelope): read as bytes. */
async function screenshot(user: TestUser, owner: TestUser, projectId: string, urlId: string) {
  const req = new Request(`${P(owner, projectId)}/urls/${urlId}/render/screenshot`, { headers: bearer(user.sessionToken) });
  const res = await screenshotRoute.GET(req, { params: Promise.resolve({ organizationId: owner.organizationId, id: projectId, urlId }) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
const URL_OF = (domain: string, path: string) => `https://${domain}${path}`;
function outcome(url: string, rawHtml: string, renderedHtml: string, extra: Partial<RenderOutcome> = {}): RenderOutcome {
  const raw = extractFacts(rawHtml, url);
  const rendered = extractFacts(renderedHtml, url);
  return {
    status: "rendered", failureKind: null, failureReason: null, durationMs: 900, httpStatus: 200, finalUrl: url, raw, rendered,
    differences: compareFacts(raw, rendered), consoleErrors: ["Uncaught TypeError: x is undefined"], failedRequests: [], robotsBlockedResources: [],
    requestCount: 4, bytes: 12_000, textRatio: textRatio(raw, rendered), screenshot: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), ...extra,
  };
}
const shell = `<html><head><title>Shop</title></head><body><div id="root"></div></body></html>`;
const full = `<html><head><title>Shop</title><meta name="robots" content="noindex"></head><body><div id="root"><h1>Blue shoes</h1><p>${"Lovely shoes. ".repeat(40)}</p></div></body></html>`;

describe("without a browser", () => {
  it("POST render answers 503 RENDERER_UNAVAILABLE and GET rendering says why; nothing is spent", async () => {
    process.env.RENDERER_DISABLED = "1";
    try {
      const { project, ids } = await projectWith(alice, ["/a"]);
      const before = await balanceOf(alice.organizationId);
      const { res, body } = await urlCall(renderRoute.POST, alice, alice, project.id, ids["/a"], { method: "POST", json: { confirm: true } });
      expect(res.status).toBe(503);
      expect(body).toMatchObject({ success: false, code: "RENDERER_UNAVAILABLE" });
      expect(await balanceOf(alice.organizationId)).toBe(before);
      const state = await projectCall(renderingRoute.GET, alice, project.id, "rendering");
      expect(state.res.status).toBe(200);
      expect(state.body.data.renderer).toMatchObject({ available: false, mode: null, reason: expect.stringContaining("RENDERER_DISABLED") });
      expect(state.body.data).toMatchObject({ price: RENDER_CREDITS, samplePerSection: 5, cadence: "weekly", sampled: 0, aiView: { pagesUnderFifth: 0, sampled: 0, share: null } });
    } finally {
      delete process.env.RENDERER_DISABLED;
    }
  });
});

describe("POST …/render refusals before any browser starts (a remote renderer is configured but never reached)", () => {
  beforeAll(() => {
    process.env.RENDERER_WS_ENDPOINT = "ws://127.0.0.1:9/never";
  });
  afterAll(() => {
    delete process.env.RENDERER_WS_ENDPOINT;
  });

  it("402 under the price, then 409 CONFLICT with the price without confirm; nothing spent", async () => {
    const { project, ids } = await projectWith(alice, ["/a"]);
    await setBalance(alice.organizationId, RENDER_CREDITS - 1);
    const poor = await urlCall(renderRoute.POST, alice, alice, project.id, ids["/a"], { method: "POST", json: { confirm: true } });
    expect(poor.res.status).toBe(402);
    expect(poor.body).toMatchObject({ code: "INSUFFICIENT_CREDITS", meta: { required: RENDER_CREDITS, available: RENDER_CREDITS - 1 } });
    await setBalance(alice.organizationId, 100);
    for (const json of [undefined, {}, { confirm: false }]) {
      const { res, body } = await urlCall(renderRoute.POST, alice, alice, project.id, ids["/a"], { method: "POST", json });
      expect(res.status).toBe(409);
      expect(body).toMatchObject({ code: "CONFLICT", meta: { price: RENDER_CREDITS, available: 100 } });
    }
    expect(await balanceOf(alice.organizationId)).toBe(100);
    const bad = await urlCall(renderRoute.POST, alice, alice, project.id, ids["/a"], { method: "POST", json: { confirm: "yes" } });
    expect(bad.res.status).toBe(400);
    const state = await projectCall(renderingRoute.GET, alice, project.id, "rendering");
    expect(state.body.data.renderer).toMatchObject({ available: true, mode: "remote" });
  });

  it("another organization's URL is a 404, before anything else", async () => {
    const { project, ids } = await projectWith(alice, ["/a"]);
    for (const [handler, method] of [[renderRoute.POST, "POST"], [renderRoute.GET, "GET"]] as const) {
      const { res } = await urlCall(handler, mallory, alice, project.id, ids["/a"], { method, json: method === "POST" ? { confirm: true } : undefined });
      expect(res.status, method).toBe(404);
    }
    expect((await screenshot(mallory, alice, project.id, ids["/a"])).res.status).toBe(404);
    const { res } = await call(renderingRoute.GET, { url: `${P(alice, project.id)}/rendering`, headers: bearer(mallory.sessionToken), params: { organizationId: alice.organizationId, id: project.id } });
    expect(res.status).toBe(404);
  });
});

describe("a stored render", () => {
  it("GET render: 404 before the first; then raw vs rendered, differences, issues and the screenshot; a clean render clears the issues", async () => {
    const { project, ids } = await projectWith(alice, ["/shoes/blue"]);
    const id = ids["/shoes/blue"];
    const url = URL_OF(project.domain, "/shoes/blue");
    expect((await urlCall(renderRoute.GET, alice, alice, project.id, id)).res.status).toBe(404);
    expect((await screenshot(alice, alice, project.id, id)).res.status).toBe(404);

    const ref = { organizationId: alice.organizationId, projectId: project.id, trackedUrlId: id, url, source: "on_demand" as const };
    await storeRender(systemCtx("test", alice.organizationId), { ...ref, outcome: outcome(url, shell, full), now: new Date() });
    const { res, body } = await urlCall(renderRoute.GET, alice, alice, project.id, id);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ url, status: "rendered", googleRenders: true, httpStatus: 200, consoleErrors: ["Uncaught TypeError: x is undefined"] });
    expect(body.data.differences.map((d: { kind: string }) => d.kind)).toEqual(["noindex", "text", "h1"]);
    expect(body.data.issues.sort()).toEqual(["js_only_content", "rendered_noindex"]);
    expect(body.data.textRatio).toBe(0);
    expect(body.data.screenshotUrl).toBe(`/api/user/organizations/${alice.organizationId}/projects/${project.id}/urls/${id}/render/screenshot`);
    const groups = await db.issue.findMany({ where: { projectId: project.id, status: "open" }, select: { type: true, affectedUrlCount: true } });
    expect(groups.map((g) => g.type).sort()).toEqual(["js_only_content", "rendered_noindex"]);

    const shot = await screenshot(alice, alice, project.id, id);
    expect(shot.res.status).toBe(200);
    expect(shot.res.headers.get("content-type")).toBe("image/jpeg");
    expect([...shot.bytes]).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

    const overview = await projectCall(renderingRoute.GET, alice, project.id, "rendering");
    expect(overview.body.data).toMatchObject({ sampled: 1, failed: 0, differencesByKind: { noindex: 1, text: 1, h1: 1 }, aiView: { pagesUnderFifth: 1, sampled: 1, share: 1 } });
    expect(overview.body.data.bySection).toEqual([{ section: "/shoes/", rendered: 1, withDifferences: 1, underFifth: 1 }]);

    await storeRender(systemCtx("test", alice.organizationId), { ...ref, outcome: outcome(url, full.replace("noindex", "index"), full.replace("noindex", "index"), { screenshot: null }), now: new Date() });
    const again = await urlCall(renderRoute.GET, alice, alice, project.id, id);
    expect(again.body.data).toMatchObject({ differences: [], issues: [], screenshotUrl: null });
    expect(await db.issue.count({ where: { projectId: project.id, status: "open" } })).toBe(0);
    expect((await screenshot(alice, alice, project.id, id)).res.status).toBe(404);
  });

  it("a raw noindex stops Google from rendering: googleRenders is false and a script removing it raises nothing", async () => {
    const { project, ids } = await projectWith(alice, ["/x"]);
    const url = URL_OF(project.domain, "/x");
    await storeRender(systemCtx("test", alice.organizationId), { organizationId: alice.organizationId, projectId: project.id, trackedUrlId: ids["/x"], url, source: "sample", outcome: outcome(url, full, full.replace("noindex", "index")), now: new Date() });
    const { body } = await urlCall(renderRoute.GET, alice, alice, project.id, ids["/x"]);
    expect(body.data).toMatchObject({ googleRenders: false, issues: [] });
    expect(body.data.differences[0]).toMatchObject({ kind: "noindex", note: expect.stringContaining("does not render") });
  });

  it("a failed render is render_failed, with its reason", async () => {
    const { project, ids } = await projectWith(alice, ["/slow"]);
    const url = URL_OF(project.domain, "/slow");
    const failed: RenderOutcome = { ...outcome(url, shell, shell), status: "failed", failureKind: "timeout", failureReason: "The page did not finish loading within 20 s", rendered: null, differences: [], textRatio: null, screenshot: null };
    await storeRender(systemCtx("test", alice.organizationId), { organizationId: alice.organizationId, projectId: project.id, trackedUrlId: ids["/slow"], url, source: "on_demand", outcome: failed, now: new Date() });
    const { body } = await urlCall(renderRoute.GET, alice, alice, project.id, ids["/slow"]);
    expect(body.data).toMatchObject({ status: "failed", failureReason: "The page did not finish loading within 20 s", issues: ["render_failed"] });
    expect(await db.issue.findFirst({ where: { projectId: project.id, type: "render_failed" } })).toMatchObject({ status: "open", affectedUrlCount: 1 });
  });
});

describe("settings and the weekly sample", () => {
  it("PUT rendering validates and stores the sample size and cadence", async () => {
    const { project } = await projectWith(alice, []);
    for (const json of [{ samplePerSection: 101 }, { samplePerSection: -1 }, { cadence: "daily" }, { other: 1 }, { samplePerSection: 2.5 }]) {
      expect((await projectCall(renderingRoute.PUT, alice, project.id, "rendering", { method: "PUT", json })).res.status, JSON.stringify(json)).toBe(400);
    }
    const { res, body } = await projectCall(renderingRoute.PUT, alice, project.id, "rendering", { method: "PUT", json: { samplePerSection: 3, cadence: "off" } });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ samplePerSection: 3, cadence: "off" });
  });

  it("picks per first path segment, highest priority then most clicks, at most 100 in all", async () => {
    const paths = ["/", "/about", ...Array.from({ length: 4 }, (_, i) => `/shoes/${i}`), ...Array.from({ length: 3 }, (_, i) => `/blog/${i}`)];
    const { project, ids } = await projectWith(alice, paths);
    await db.trackedUrl.update({ where: { id: ids["/shoes/0"] }, data: { priority: "high" } });
    const sample = await pickSample(project.id, 2);
    const picked = sample.map((s) => new URL(s.url).pathname).sort();
    // "/" section: "/" and "/about" (clicks 1 beats 0); /shoes/: high-priority /shoes/0, then the most clicks; /blog/: the two with most clicks.
    expect(picked).toEqual(["/", "/about", "/blog/1", "/blog/2", "/shoes/0", "/shoes/3"].sort());
    expect(await pickSample(project.id, 2, 3)).toHaveLength(3);
    expect(await pickSample(project.id, 0)).toEqual([]);
    expect(sectionOf("https://x.test/shoes/1")).toBe("/shoes/");
    expect(sectionOf("https://x.test/about")).toBe("/");
  });
});

describe("AI access", () => {
  it("parses Content-Signal lines with their group", () => {
    expect(parseContentSignals("User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nContent-signal: ai-input=no # c\n")).toEqual([
      { userAgent: "*", signals: { search: "yes", "ai-train": "no" } },
      { userAgent: "GPTBot", signals: { "ai-input": "no" } },
    ]);
  });

  it("reads robots.txt per AI crawler and use, Content-Signal, Google-Extended, snippet controls and llms.txt", async () => {
    const { project, ids } = await projectWith(alice, ["/a"]);
    const d = project.domain;
    site.set(d, "/robots.txt", { body: "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nUser-agent: Google-Extended\nDisallow: /\n", contentType: "text/plain" });
    site.set(d, "/llms.txt", { body: "# Shop\n> What we sell\n", contentType: "text/plain" });
    const url = URL_OF(d, "/a");
    await storeRender(systemCtx("test", alice.organizationId), { organizationId: alice.organizationId, projectId: project.id, trackedUrlId: ids["/a"], url, source: "sample",
      outcome: outcome(url, `<html><head><meta name="robots" content="max-snippet:20"></head><body><p data-nosnippet>x</p></body></html>`, shell), now: new Date() });
    const ctx = { actor: { type: "user" as const, userId: alice.userId }, org: { id: alice.organizationId, role: "owner" }, request: { ip: null, userAgent: null } };
    const access = await getAiAccess(ctx as never, project.id, { fetcher: site.fetcher([d]) });
    expect(access.robotsStatus).toBe(200);
    expect(access.crawlers.find((c) => c.token === "GPTBot")).toMatchObject({ use: "training", allowed: false });
    expect(access.crawlers.find((c) => c.token === "ClaudeBot")).toMatchObject({ use: "training", allowed: true });
    expect(access.googleExtended).toBe(false);
    expect(access.uses.find((u) => u.use === "training")).toMatchObject({ contentSignal: "no", verdict: "blocked" });
    expect(access.uses.find((u) => u.use === "search")).toMatchObject({ contentSignal: "yes", verdict: "allowed", crawlersBlocked: 0 });
    expect(access.snippets).toEqual({ sampled: 1, nosnippet: 0, maxSnippet: 1, dataNosnippet: 1 });
    expect(access.llmsTxt).toEqual({ present: true, url: `https://${d}/llms.txt` });

    site.set(d, "/llms.txt", { status: 404, body: "no" });
    expect((await getAiAccess(ctx as never, project.id, { fetcher: site.fetcher([d]) })).llmsTxt.present).toBe(false);
    const other = await call(aiAccessRoute.GET, { url: `${P(alice, project.id)}/ai-access`, headers: bearer(mallory.sessionToken), params: { organizationId: alice.organizationId, id: project.id } });
    expect(other.res.status).toBe(404);
  });
});
