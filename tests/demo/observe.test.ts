// The demo's replayed engine observations (scripts/demo-observe.ts, run by scripts/demo-seed.ts): a URL the replay
// gave a Google or Bing state has that verdict's moment too, so the overview's coverage card agrees with the
// counters (a demo once showed 2,327 URLs indexed on Bing beside "No verdict yet" for 2,772 of 2,905) and the
// backlog does not inspect every replayed URL again as never observed.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getCoverage } from "@/lib/coverage/get-coverage";
import { observeBulk } from "@/scripts/demo-observe";
import { catalogue } from "@/scripts/demo-world";
import { createTestProject, createTestTenant } from "../factories";

const DAY = 86_400_000;

describe("the demo's replayed engine observations", () => {
  it("stamp each verdict's moment, so coverage counts as answered every URL the counters count", async () => {
    const tenant = await createTestTenant("demo-observe");
    const project = await createTestProject(tenant);
    const entries = catalogue().filter((e) => e.addedDaysAgo === 90).slice(0, 120);
    await db.trackedUrl.createMany({ data: entries.map((e) => ({ organizationId: tenant.organizationId, projectId: project.id, url: e.url, source: "sitemap" as const })) });
    const rows = await db.trackedUrl.findMany({ where: { projectId: project.id }, select: { id: true, url: true } });
    const byUrl = new Map(entries.map((e) => [e.url, e]));
    const T = Date.now();

    await observeBulk({ id: project.id, organizationId: tenant.organizationId, projectId: project.id },
      rows.map((r) => ({ ...r, entry: byUrl.get(r.url)! })), 2, new Map(), T);

    const urls = await db.trackedUrl.findMany({ where: { projectId: project.id } });
    const answeredA = urls.filter((u) => u.engineAState !== "unknown");
    const answeredB = urls.filter((u) => u.engineBState !== "unknown");
    expect(answeredA.filter((u) => u.engineAState === "indexed").length).toBeGreaterThan(0);
    expect(answeredB.filter((u) => u.engineBState === "indexed").length).toBeGreaterThan(0);
    for (const u of answeredA) expect({ url: u.url, at: u.engineAObservedAt, source: u.engineAStateSource }).toEqual({ url: u.url, at: new Date(T - 2 * DAY), source: "inspection" });
    for (const u of answeredB) expect({ url: u.url, at: u.engineBObservedAt }).toEqual({ url: u.url, at: new Date(T - 2 * DAY) });

    const coverage = await getCoverage(tenant.ctx, project.id, new Date(T));
    expect(coverage.engineA.ages).toEqual({ within7d: answeredA.length, days8to30: 0, olderThan30d: 0, none: urls.length - answeredA.length });
    expect(coverage.engineB.ages).toEqual({ within7d: answeredB.length, days8to30: 0, olderThan30d: 0, none: urls.length - answeredB.length });
    expect(coverage.engineA.bySource).toEqual({ inspection: answeredA.length, search_analytics: 0 });
  });
});
