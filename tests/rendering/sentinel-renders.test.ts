// The daily render of the site watch's sentinel pages, without a browser: which pages are due (tracked, not rendered
// within the day, active projects only), free of credits, the issue rules applied to what is stored, the stop when our
// renderer cannot run (nothing stored), and the Inngest function under the SDK's engine.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRobotsCache } from "@/lib/audit/robots-cache";
import { renderSentinelPagesFn } from "@/inngest/functions/rendering/render-sentinels";
import { db } from "@/lib/db";
import { listSentinelRendersDue, renderSentinelPages } from "@/lib/rendering/sentinel-renders";
import { createTestProject, createTestUser, type TestUser } from "../factories";
import { balanceOf, setBalance } from "../inspections/helpers";
import { runUnderInngest } from "../inngest-engine";
import { SitemapSite } from "../sitemaps/helpers";

let owner: TestUser;
let site: SitemapSite;
beforeAll(async () => {
  owner = await createTestUser("render-sentinels");
  site = await SitemapSite.start();
});
afterAll(() => site.close());
afterEach(() => {
  delete process.env.RENDERER_DISABLED;
  delete process.env.RENDERER_WS_ENDPOINT;
});

const HOURS = 3_600_000;

/** A project whose sentinel pages are "/", "/a" and "/b" (tracked) and "/untracked"; `renderedAgo` gives a page a render that old. */
async function project(renderedAgo: Record<string, number> = {}) {
  const p = await createTestProject(owner, { verified: true, domain: site.domain("sentinel-render") });
  const url = (path: string) => `https://${p.domain}${path}`;
  const ids: Record<string, string> = {};
  for (const path of ["/", "/a", "/b"]) {
    const t = await db.trackedUrl.create({ data: { organizationId: owner.organizationId, projectId: p.id, url: url(path), source: "manual" } });
    ids[path] = t.id;
    await db.sentinelPage.create({ data: { projectId: p.id, url: url(path), trackedUrlId: t.id, state: "ok" } });
  }
  await db.sentinelPage.create({ data: { projectId: p.id, url: url("/untracked"), trackedUrlId: null, state: "ok" } });
  for (const [path, hours] of Object.entries(renderedAgo)) {
    await db.urlRender.create({
      data: {
        trackedUrlId: ids[path], organizationId: owner.organizationId, projectId: p.id, url: url(path), source: "on_demand", status: "rendered",
        renderedAt: new Date(Date.now() - hours * HOURS), durationMs: 1, differences: [], consoleErrors: [], failedRequests: [], robotsBlockedResources: [],
      },
    });
  }
  return { ...p, ids, url };
}
const dueOf = async (projectId: string) => (await listSentinelRendersDue(new Date(), 100_000)).find((x) => x.projectId === projectId);

describe("the daily sentinel renders", () => {
  it("are due for tracked sentinel pages never rendered or rendered over a day ago, of active projects only", async () => {
    const p = await project({ "/a": 2, "/b": 25 });
    expect((await dueOf(p.id))?.pages.map((x) => x.url).sort()).toEqual([p.url("/"), p.url("/b")]);
    const paused = await project();
    await db.project.update({ where: { id: paused.id }, data: { status: "paused" } });
    const deleted = await project();
    await db.project.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    expect(await dueOf(paused.id)).toBeUndefined();
    expect(await dueOf(deleted.id)).toBeUndefined();
    const limited = await listSentinelRendersDue(new Date(), 1);
    expect(limited.flatMap((x) => x.pages)).toHaveLength(1);
  });

  it("cost no credits, are stored as sentinel renders, and the issue rules apply to them", async () => {
    process.env.RENDERER_WS_ENDPOINT = "ws://127.0.0.1:9/never"; // available, never reached: these documents fail before a browser is needed
    const p = await project({ "/a": 2 });
    site.set(p.domain, "/robots.txt", { body: "User-agent: *\nDisallow: /b\n", contentType: "text/plain" });
    site.set(p.domain, "/", { body: "%PDF-1.4", contentType: "application/pdf" });
    await setBalance(owner.organizationId, 0);
    const fetcher = site.fetcher([p.domain]);
    const due = (await dueOf(p.id))!;
    const report = await renderSentinelPages(due, { fetcher, robots: createRobotsCache({ fetcher }) });
    expect(report).toEqual({ projectId: p.id, rendered: 0, failed: 2, stoppedBy: null });
    expect(await balanceOf(owner.organizationId)).toBe(0);
    const home = await db.urlRender.findUniqueOrThrow({ where: { trackedUrlId: p.ids["/"] } });
    expect(home).toMatchObject({ source: "sentinel", status: "failed", failureReason: expect.stringContaining("Not an HTML page") });
    expect(await db.issue.findFirst({ where: { projectId: p.id, type: "render_failed" } })).toMatchObject({ status: "open", affectedUrlCount: 1 });
    // robots.txt forbids Googlebot /b: Google neither fetches nor renders it, so no rendering issue is raised for it.
    expect(await db.urlRender.findUniqueOrThrow({ where: { trackedUrlId: p.ids["/b"] } })).toMatchObject({ source: "sentinel", failureReason: expect.stringContaining("robots.txt") });
    expect(await dueOf(p.id)).toBeUndefined();
    await setBalance(owner.organizationId, 100);
  });

  it("stop when our renderer cannot run: nothing stored, the pages stay due", async () => {
    process.env.RENDERER_WS_ENDPOINT = "ws://127.0.0.1:9/never";
    const p = await project();
    for (const path of ["/robots.txt", "/", "/a", "/b"]) site.set(p.domain, path, { body: path === "/robots.txt" ? "User-agent: *\nDisallow:\n" : "<html><body>Shoes</body></html>", contentType: path === "/robots.txt" ? "text/plain" : "text/html" });
    const fetcher = site.fetcher([p.domain]);
    const report = await renderSentinelPages((await dueOf(p.id))!, { fetcher, robots: createRobotsCache({ fetcher }) });
    expect(report).toEqual({ projectId: p.id, rendered: 0, failed: 0, stoppedBy: "renderer" });
    expect(await db.urlRender.count({ where: { projectId: p.id } })).toBe(0);
    expect((await dueOf(p.id))?.pages).toHaveLength(3);
  });

  it("the Inngest function renders nothing without a browser, and one step per project otherwise", async () => {
    process.env.RENDERER_DISABLED = "1";
    const idle = await runUnderInngest(renderSentinelPagesFn);
    expect(idle.error).toBeUndefined();
    expect(idle.result).toEqual({ projects: 0, rendered: 0, failed: 0, skipped: "renderer unavailable" });
    delete process.env.RENDERER_DISABLED;

    process.env.RENDERER_WS_ENDPOINT = "ws://127.0.0.1:9/never";
    const p = await project({ "/": 1, "/a": 1 });
    const due = (await dueOf(p.id))!;
    const run = await runUnderInngest(renderSentinelPagesFn, { memoized: { renderer: true, list: [due] } });
    expect(run.error).toBeUndefined();
    expect(run.steps).toEqual([`sentinels-${p.id}`]);
    // The app's default fetcher cannot reach the test site: the page's document fails, a render of the page (stored, free).
    expect(run.result).toEqual({ projects: 1, rendered: 0, failed: 1, skipped: null });
    expect(await db.urlRender.findUniqueOrThrow({ where: { trackedUrlId: p.ids["/b"] } })).toMatchObject({ source: "sentinel", status: "failed" });
  });
});
