// Bulk actions of the URL table, on a selection or on everything a filter matches, through the route handlers:
// check again (credits: 402 before anything is queued, charged when the scheduler claims), stop tracking, set
// priority; the confirmed count (409 when the filter now matches another number), the bound, one audit entry each,
// and another organization's ids.
import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as inspectionsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/inspections/route";
import * as untrackRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/untrack/route";
import * as priorityRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/priority/route";
import * as prioritiesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/priorities/route";
import { db, Prisma, withTransaction } from "@/lib/db";
import { claimInspections } from "@/lib/inspections/claim-inspections";
import { recordUrlDetections } from "@/lib/issues/detections";
import { MAX_BULK_URLS } from "@/lib/urls/schemas";
import { bearer, call } from "../http";
import { createTestUser, type TestUser } from "../factories";
import { balanceOf, setBalance } from "../inspections/helpers";
import { admit, getStats, listUrls, projectFor, type Target } from "./helpers";

let alice: TestUser;
let mallory: TestUser;
beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("bulk-alice"), createTestUser("bulk-mallory")]);
});

const base = (t: Target) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}`;
const params = (t: Target) => ({ organizationId: t.orgId, id: t.projectId });
const checkAgain = (t: Target, json: unknown, headers = t.headers) =>
  call(inspectionsRoute.POST, { method: "POST", url: `${base(t)}/inspections`, headers, json, params: params(t) });
const untrack = (t: Target, json: unknown, headers = t.headers) =>
  call(untrackRoute.POST, { method: "POST", url: `${base(t)}/urls/untrack`, headers, json, params: params(t) });
const setPriority = (t: Target, json: unknown, headers = t.headers) =>
  call(priorityRoute.POST, { method: "POST", url: `${base(t)}/urls/priority`, headers, json, params: params(t) });

/** A project of `user` with URLs at these paths; answers the target and each path's id. */
async function projectWith(user: TestUser, paths: string[]) {
  const t = await projectFor(user);
  expect((await admit(t, paths.map((p) => `https://${t.domain}${p}`))).res.status).toBe(200);
  const rows = await db.trackedUrl.findMany({ where: { projectId: t.projectId } });
  return { t, ids: Object.fromEntries(rows.map((r) => [new URL(r.url).pathname, r.id])) as Record<string, string> };
}
const queuedIn = (t: Target) => db.inspectionRequest.count({ where: { projectId: t.projectId } });
const audits = (t: Target) => db.auditLog.findMany({ where: { organizationId: t.orgId, targetId: t.projectId }, orderBy: { createdAt: "asc" } });

describe("check again over a filter", () => {
  it("queues every URL the filter (q included) matches, after the count the person confirmed; one audit entry", async () => {
    const { t } = await projectWith(alice, ["/blog/a", "/blog/b", "/blog/c", "/shop/a"]);
    const stale = await checkAgain(t, { filter: { q: "/BLOG/" }, expectedCount: 2 });
    expect(stale.res.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "CONFLICT", meta: { matched: 3, expectedCount: 2 } });
    expect(await queuedIn(t)).toBe(0);

    const ok = await checkAgain(t, { filter: { q: "/BLOG/" }, expectedCount: 3 });
    expect(ok.res.status).toBe(200);
    expect(ok.body.data).toEqual({ queued: 3, alreadyQueued: 0, unknown: 0 });
    expect(await queuedIn(t)).toBe(3);
    const again = await checkAgain(t, { filter: {}, expectedCount: 4 });
    expect(again.body.data).toEqual({ queued: 1, alreadyQueued: 3, unknown: 0 });
    const entries = (await audits(t)).filter((a) => (a.metadata as { change?: string }).change === "urls.check_again");
    expect(entries.map((a) => a.metadata)).toEqual([
      { change: "urls.check_again", queued: 3, alreadyQueued: 0, unknown: 0, selection: { filter: { q: "/BLOG/" } } },
      { change: "urls.check_again", queued: 1, alreadyQueued: 3, unknown: 0, selection: { filter: {} } },
    ]);
    expect(entries[0].action).toBe("project_updated");
    expect(entries[0].userId).toBe(alice.userId);
  });

  it("refuses with 402 when the credits, less what the queue already owes, cannot pay; charges 1 credit per URL when the scheduler claims them", async () => {
    const user = await createTestUser("bulk-credits");
    const { t, ids } = await projectWith(user, ["/p1", "/p2", "/p3", "/p4", "/p5"]);
    await setBalance(user.organizationId, 3);

    const tooMany = await checkAgain(t, { filter: {}, expectedCount: 5 });
    expect(tooMany.res.status).toBe(402);
    expect(tooMany.body).toMatchObject({ code: "INSUFFICIENT_CREDITS", meta: { required: 5, available: 3 } });
    expect(await queuedIn(t)).toBe(0);

    expect((await checkAgain(t, { urlIds: [ids["/p1"], ids["/p2"]] })).body.data).toEqual({ queued: 2, alreadyQueued: 0, unknown: 0 });
    // 3 credits, 2 owed to the queue: one more URL can be paid for, and URLs already queued cost nothing more.
    const over = await checkAgain(t, { urlIds: [ids["/p3"], ids["/p4"]] });
    expect(over.res.status).toBe(402);
    expect(over.body.meta).toMatchObject({ required: 2, available: 1 });
    expect((await checkAgain(t, { urlIds: [ids["/p1"], ids["/p2"], ids["/p3"]] })).body.data).toEqual({ queued: 1, alreadyQueued: 2, unknown: 0 });
    expect(await balanceOf(user.organizationId)).toBe(3); // nothing is charged when queuing

    const claim = await claimInspections({ organizationId: user.organizationId, projectId: t.projectId, includeDue: false }, 10, new Date());
    expect(claim.urls.map((u) => u.id).sort()).toEqual([ids["/p1"], ids["/p2"], ids["/p3"]].sort());
    expect(claim.charged).toBe(3);
    expect(await balanceOf(user.organizationId)).toBe(0);
    const ledger = await db.creditLedgerEntry.findMany({ where: { organizationId: user.organizationId }, orderBy: { createdAt: "desc" }, take: 1 });
    expect(ledger[0]).toMatchObject({ amount: -3, balanceAfter: 0 });

    // Claimed URLs are paid for: with no credit left, a URL still waiting is all a new request could not pay.
    const none = await checkAgain(t, { urlIds: [ids["/p4"]] });
    expect(none.res.status).toBe(402);
    expect(none.body.meta).toMatchObject({ required: 1, available: 0 });
  });

  it("is bounded: a filter matching more than the maximum is a 400 and queues nothing", async () => {
    const t = await projectFor(alice);
    await db.$executeRaw(Prisma.sql`
      INSERT INTO tracked_urls (id, organization_id, project_id, url, source, updated_at)
      SELECT gen_random_uuid(), ${t.orgId}::uuid, ${t.projectId}::uuid, 'https://' || ${t.domain} || '/bulk-' || g, 'manual', now()
      FROM generate_series(1, ${MAX_BULK_URLS + 1}) g`);
    const { res, body } = await checkAgain(t, { filter: { q: "bulk-" }, expectedCount: MAX_BULK_URLS });
    expect(res.status).toBe(400);
    expect(body.meta?.errors?.[0]).toMatchObject({ path: "filter", code: "too_many_urls" });
    expect(await queuedIn(t)).toBe(0);
    // Narrowed, it goes through.
    const narrowed = await checkAgain(t, { filter: { q: "bulk-1000" }, expectedCount: 3 }); // 1000, 10000, 10001
    expect(narrowed.body.data).toEqual({ queued: 3, alreadyQueued: 0, unknown: 0 });
  });

  it.each([
    ["both urlIds and a filter", { urlIds: [crypto.randomUUID()], filter: {}, expectedCount: 1 }, "urlIds"],
    ["neither", {}, "urlIds"],
    ["a filter without the confirmed count", { filter: { q: "x" } }, "expectedCount"],
    ["a count without a filter", { urlIds: [crypto.randomUUID()], expectedCount: 1 }, "expectedCount"],
    ["an unknown filter", { filter: { colour: "red" }, expectedCount: 1 }, "filter"],
    ["a wrong filter value", { filter: { healthState: "broken" }, expectedCount: 1 }, "filter.healthState"],
    ["a NUL byte in q", { filter: { q: "a\u0000b" }, expectedCount: 1 }, "filter.q"],
    ["a huge q", { filter: { q: "x".repeat(5000) }, expectedCount: 1 }, "filter.q"],
    ["a negative count", { filter: {}, expectedCount: -1 }, "expectedCount"],
    ["a string for the count", { filter: {}, expectedCount: "3" }, "expectedCount"],
  ])("%s → 400", async (_name, json, path) => {
    const { t } = await projectWith(alice, ["/v"]);
    for (const run of [checkAgain, untrack]) {
      const { res, body } = await run(t, json);
      expect(res.status).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
      expect(body.meta?.errors?.map((e) => e.path)).toContain(path);
    }
    expect((await setPriority(t, { ...json, priority: "high" })).res.status).toBe(400);
    expect(await queuedIn(t)).toBe(0);
  });

  it("another organization's project answers 404, and its URL ids count as unknown", async () => {
    const { t, ids } = await projectWith(alice, ["/mine"]);
    const theirs = await projectWith(mallory, ["/theirs"]);
    const asMallory = { ...t, headers: bearer(mallory.sessionToken) };
    for (const run of [checkAgain, untrack]) expect((await run(asMallory, { filter: {}, expectedCount: 1 })).res.status).toBe(404);
    expect((await setPriority(asMallory, { filter: {}, expectedCount: 1, priority: "low" })).res.status).toBe(404);
    expect((await checkAgain(t, { urlIds: [ids["/mine"], theirs.ids["/theirs"]] })).body.data).toEqual({ queued: 1, alreadyQueued: 0, unknown: 1 });
    expect((await untrack(t, { urlIds: [theirs.ids["/theirs"]] })).body.data).toMatchObject({ removed: 0, unknown: 1 });
    expect(await db.trackedUrl.count({ where: { id: theirs.ids["/theirs"] } })).toBe(1);
  });
});

describe("stop tracking", () => {
  it("deletes the URLs the filter matches, resolves their issue memberships, and the counters follow", async () => {
    const { t, ids } = await projectWith(alice, ["/old/1", "/old/2", "/old/3", "/keep"]);
    const ref = { organizationId: t.orgId, projectId: t.projectId };
    await withTransaction(systemCtx("test", ref.organizationId), (ctx) => recordUrlDetections(ctx, ref.projectId, "broken_link", {
      affected: ["/old/1", "/old/2", "/keep"].map((p) => ({ trackedUrlId: ids[p], url: p })), cleared: [],
    }, {}, new Date()));
    await withTransaction(systemCtx("test", ref.organizationId), (ctx) => recordUrlDetections(ctx, ref.projectId, "has_noindex", { affected: [{ trackedUrlId: ids["/old/3"], url: "/old/3" }], cleared: [] }, {}, new Date()));
    await db.trackedUrl.update({ where: { id: ids["/old/1"] }, data: { lastSeenInSitemapAt: new Date() } });
    expect((await getStats(t)).body.data).toMatchObject({ totalUrls: 4, urlsWithIssues: 4, openIssues: 2 });

    expect((await untrack(t, { filter: { q: "/old/" }, expectedCount: 2 })).res.status).toBe(409);
    expect(await db.trackedUrl.count({ where: { projectId: t.projectId } })).toBe(4);
    const { res, body } = await untrack(t, { filter: { q: "/old/" }, expectedCount: 3 });
    expect(res.status).toBe(200);
    expect(body.data).toEqual({ removed: 3, unknown: 0, keptInRemoval: 0, stillInSitemap: 1, excluded: 3 });

    expect((await listUrls(t)).body.data.map((u: { url: string }) => new URL(u.url).pathname)).toEqual(["/keep"]);
    expect((await getStats(t)).body.data).toMatchObject({ totalUrls: 1, urlsWithIssues: 1, openIssues: 1 });
    const groups = await db.issue.findMany({ where: { projectId: t.projectId }, orderBy: { type: "asc" } });
    expect(groups.map((g) => [g.type, g.status, g.affectedUrlCount, g.sampleUrls])).toEqual([
      ["broken_link", "open", 1, [`https://${t.domain}/keep`]],
      ["has_noindex", "resolved", 0, []],
    ]);
    const entry = (await audits(t)).find((a) => (a.metadata as { change?: string }).change === "urls.untracked");
    expect(entry?.metadata).toEqual({ change: "urls.untracked", removed: 3, unknown: 0, keptInRemoval: 0, stillInSitemap: 1, excluded: 3, selection: { filter: { q: "/old/" } } });
  });

  it("keeps URLs an active removal follows", async () => {
    const { t, ids } = await projectWith(alice, ["/leaving", "/other"]);
    const batch = await db.removalBatch.create({ data: { organizationId: t.orgId, projectId: t.projectId, intent: "gone", publicToken: crypto.randomBytes(24).toString("base64url") } });
    await db.removalUrl.create({ data: { organizationId: t.orgId, projectId: t.projectId, batchId: batch.id, trackedUrlId: ids["/leaving"], activeTrackedUrlId: ids["/leaving"], url: `https://${t.domain}/leaving`, declaredAt: new Date() } });
    const { body } = await untrack(t, { urlIds: [ids["/leaving"], ids["/other"]] });
    expect(body.data).toEqual({ removed: 1, unknown: 0, keptInRemoval: 1, stillInSitemap: 0, excluded: 1 });
    expect(await db.trackedUrl.count({ where: { id: ids["/leaving"] } })).toBe(1);
  });
});

describe("set priority by hand", () => {
  it("sets the URLs' priority, keeps it through rule changes, and null hands them back to the rules", async () => {
    const { t, ids } = await projectWith(alice, ["/blog/a", "/blog/b", "/shop/a"]);
    const putRules = (rules: unknown) => call(prioritiesRoute.PUT, { method: "PUT", url: `${base(t)}/priorities`, headers: t.headers, json: { rules }, params: params(t) });
    expect((await putRules([{ pathPrefix: "/blog/", priority: "low" }])).res.status).toBe(200);
    const priorities = async () => Object.fromEntries((await db.trackedUrl.findMany({ where: { projectId: t.projectId } })).map((u) => [new URL(u.url).pathname, u.priority]));
    expect(await priorities()).toEqual({ "/blog/a": "low", "/blog/b": "low", "/shop/a": null });

    expect((await setPriority(t, { filter: { q: "/blog/a" }, expectedCount: 1, priority: "high" })).body.data).toEqual({ updated: 1, unknown: 0 });
    expect((await setPriority(t, { urlIds: [ids["/shop/a"]], priority: "normal" })).body.data).toEqual({ updated: 1, unknown: 0 });
    expect(await priorities()).toEqual({ "/blog/a": "high", "/blog/b": "low", "/shop/a": "normal" });
    expect((await listUrls(t, "?q=blog/a")).body.data[0].priority).toBe("high");

    // New rules leave the hand-set priorities alone.
    await putRules([{ pathPrefix: "/", priority: "low" }]);
    expect(await priorities()).toEqual({ "/blog/a": "high", "/blog/b": "low", "/shop/a": "normal" });
    // Back to the rules.
    expect((await setPriority(t, { urlIds: [ids["/blog/a"], ids["/shop/a"]], priority: null })).body.data).toEqual({ updated: 2, unknown: 0 });
    expect(await priorities()).toEqual({ "/blog/a": "low", "/blog/b": "low", "/shop/a": "low" });
    await putRules([]);
    expect(await priorities()).toEqual({ "/blog/a": null, "/blog/b": null, "/shop/a": null });
    expect((await setPriority(t, { urlIds: [ids["/blog/a"]], priority: "urgent" })).res.status).toBe(400);
  });
});
