// The weekly render sample without a browser: which projects are due, the credit and renderer stops (nothing stored
// or charged when our renderer cannot run), and the Inngest function under the SDK's engine.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRobotsCache } from "@/lib/audit/robots-cache";
import { renderWeeklySamplesFn } from "@/inngest/functions/rendering/render-weekly-samples";
import { db } from "@/lib/db";
import { RENDER_CREDITS } from "@/lib/rendering/render-url";
import { listProjectsDueForSample, renderProjectSample } from "@/lib/rendering/sample";
import { createTestProject, createTestUser, type TestUser } from "../factories";
import { balanceOf, setBalance } from "../inspections/helpers";
import { runUnderInngest } from "../inngest-engine";
import { SitemapSite } from "../sitemaps/helpers";

let owner: TestUser;
let site: SitemapSite;
beforeAll(async () => {
  owner = await createTestUser("render-sample");
  site = await SitemapSite.start();
});
afterAll(() => site.close());
afterEach(() => {
  delete process.env.RENDERER_DISABLED;
  delete process.env.RENDERER_WS_ENDPOINT;
});

async function project(opts: { automated?: boolean; cadence?: "weekly" | "off"; lastSampleAt?: Date } = {}) {
  const p = await createTestProject(owner, { verified: true, domain: site.domain("sample") });
  for (const path of ["/", "/shoes/1", "/shoes/2"]) site.set(p.domain, path, { body: "<html><body>Shoes</body></html>", contentType: "text/html" });
  await db.project.update({ where: { id: p.id }, data: { automatedInspectionsEnabled: opts.automated ?? true } });
  if (opts.cadence || opts.lastSampleAt) {
    await db.renderingSettings.create({ data: { projectId: p.id, organizationId: owner.organizationId, cadence: opts.cadence ?? "weekly", lastSampleAt: opts.lastSampleAt ?? null } });
  }
  await db.trackedUrl.createMany({ data: ["/", "/shoes/1", "/shoes/2"].map((path) => ({ organizationId: owner.organizationId, projectId: p.id, url: `https://${p.domain}${path}`, source: "manual" as const })) });
  return { organizationId: owner.organizationId, projectId: p.id, samplePerSection: 5 };
}

describe("the weekly sample", () => {
  it("is due for automated projects never sampled or sampled a week ago, not for others", async () => {
    const now = new Date();
    const due = await project();
    const old = await project({ lastSampleAt: new Date(now.getTime() - 8 * 86_400_000) });
    const recent = await project({ lastSampleAt: new Date(now.getTime() - 86_400_000) });
    const manual = await project({ automated: false });
    const off = await project({ cadence: "off" });
    const listed = (await listProjectsDueForSample(now, 100_000)).map((p) => p.projectId);
    expect(listed).toEqual(expect.arrayContaining([due.projectId, old.projectId]));
    for (const p of [recent, manual, off]) expect(listed).not.toContain(p.projectId);
  });

  it("stops when our renderer cannot run: nothing stored, nothing charged, the week counted as sampled", async () => {
    process.env.RENDERER_WS_ENDPOINT = "ws://127.0.0.1:9/never";
    const p = await project();
    await setBalance(owner.organizationId, 50);
    const fetcher = site.fetcher([(await db.project.findUniqueOrThrow({ where: { id: p.projectId } })).domain]);
    const report = await renderProjectSample(p, { fetcher, robots: createRobotsCache({ fetcher }) });
    expect(report).toEqual({ projectId: p.projectId, picked: 3, rendered: 0, failed: 0, stoppedBy: "renderer" });
    expect(await db.urlRender.count({ where: { projectId: p.projectId } })).toBe(0);
    expect(await balanceOf(owner.organizationId)).toBe(50);
    expect((await db.renderingSettings.findUniqueOrThrow({ where: { projectId: p.projectId } })).lastSampleAt).toBeInstanceOf(Date);
    expect((await listProjectsDueForSample(new Date(), 100_000)).map((x) => x.projectId)).not.toContain(p.projectId);
  });

  it("stops before a render the balance cannot pay", async () => {
    const p = await project();
    await setBalance(owner.organizationId, RENDER_CREDITS - 1);
    expect(await renderProjectSample(p)).toMatchObject({ picked: 3, rendered: 0, stoppedBy: "credits" });
    await setBalance(owner.organizationId, 100);
  });

  it("the Inngest function takes nothing without a browser, and one step per due project otherwise", async () => {
    process.env.RENDERER_DISABLED = "1";
    const idle = await runUnderInngest(renderWeeklySamplesFn);
    expect(idle.error).toBeUndefined();
    expect(idle.result).toEqual({ projects: 0, rendered: 0, failed: 0, skipped: "renderer unavailable" });
    delete process.env.RENDERER_DISABLED;

    process.env.RENDERER_WS_ENDPOINT = "ws://127.0.0.1:9/never";
    const p = await project();
    const run = await runUnderInngest(renderWeeklySamplesFn, { memoized: { renderer: true, list: [p] } });
    expect(run.error).toBeUndefined();
    expect(run.steps).toEqual([`sample-${p.projectId}`]);
    // The app's default fetcher cannot reach the test site: each page's document fails, a render of the page (stored, charged).
    expect(run.result).toEqual({ projects: 1, rendered: 0, failed: 3, skipped: null });
    const stored = await db.urlRender.findMany({ where: { projectId: p.projectId }, select: { status: true, source: true, failureReason: true } });
    expect(stored).toHaveLength(3);
    for (const r of stored) expect(r).toMatchObject({ status: "failed", source: "sample", failureReason: expect.any(String) });
  });
});
