// An audit of a URL under removal made outside the removals job (Inspect now; Check again and scheduled inspections
// write through the same applyAuditOutcomes) records the site's verdict on the removal either way: "still answers
// 200" as well as a confirmation, which also moves the URL to confirmed_by_site and into the IndexNow backlog once.
import { systemCtx } from "@/lib/core/context";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { declareRemoval } from "@/lib/removals/declare-removal";
import { followProjectRemovals } from "@/lib/removals/follow-removals";
import { inspectUrlNow } from "@/lib/inspections/inspect-url-now";
import { AuditSite } from "../audit/helpers";
import { createTestTenant, type TestTenant } from "../factories";
import { setBalance } from "../inspections/helpers";
import { removalProject } from "./helpers";

let site: AuditSite;
let tenant: TestTenant;
beforeAll(async () => {
  [site, tenant] = await Promise.all([AuditSite.start(), createTestTenant("removals-verdicts")]);
  await setBalance(tenant.organizationId, 50);
  return () => site.close();
});

describe("Inspect now on a URL under removal", () => {
  it("records 'still answers 200' while the page is served, then the confirmation once it answers 404, notified to IndexNow once", async () => {
    const h = site.host("verdict");
    h.set("/old", { status: 200, body: "<html><head><title>still here</title></head></html>" });
    const p = await removalProject(tenant, h, ["/old"]);
    const old = p.urls["/old"];
    const batch = await declareRemoval(tenant.ctx, p.projectId, { urls: [old.url], intent: "gone", stuckAfterDays: 30 });
    const row = () => db.removalUrl.findFirstOrThrow({ where: { batchId: batch.id, trackedUrlId: old.id } });
    const audit = (url: string) => h.audit(url);

    await inspectUrlNow({ ctx: tenant.ctx, projectId: p.projectId, urlId: old.id, audit });
    const first = await row();
    expect(first).toMatchObject({ state: "pending", siteConfirmed: false, siteReason: "still answers 200", siteHttpStatus: 200 });
    expect(first.siteCheckedAt).not.toBeNull();

    h.set("/old", { status: 404, body: "gone" });
    const queuedBefore = await db.indexNowQueueEntry.count({ where: { trackedUrlId: old.id } });
    await inspectUrlNow({ ctx: tenant.ctx, projectId: p.projectId, urlId: old.id, audit });
    const second = await row();
    expect(second).toMatchObject({ state: "confirmed_by_site", siteConfirmed: true, siteReason: "answers 404", siteHttpStatus: 404 });
    expect(second.confirmedBySiteAt).not.toBeNull();
    expect(second.indexNowSubmittedAt).not.toBeNull();
    expect(await db.indexNowQueueEntry.count({ where: { trackedUrlId: old.id } })).toBe(Math.max(1, queuedBefore));
    expect((await db.removalBatch.findUniqueOrThrow({ where: { id: batch.id } })).confirmedCount).toBe(1);

    // The hourly follow finds it checked and confirmed: no second audit, no second confirmation.
    const requests = h.requests().length;
    const followed = await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, { audit: { fetcher: h.fetcher, robots: h.robots } });
    expect(followed).toMatchObject({ siteChecked: 0, confirmed: 0 });
    expect(h.requests().length).toBe(requests);
    expect(await row()).toMatchObject({ state: "confirmed_by_site", siteConfirmed: true, siteReason: "answers 404" });

    // Served again: the verdict goes back, and the state with it.
    h.set("/old", { status: 200, body: "<html><head><title>back</title></head></html>" });
    await inspectUrlNow({ ctx: tenant.ctx, projectId: p.projectId, urlId: old.id, audit });
    expect(await row()).toMatchObject({ state: "pending", siteConfirmed: false, siteReason: "still answers 200" });
  });
});
