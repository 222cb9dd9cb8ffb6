// The brake on fetches of a customer's site asked for on demand (RATE_LIMIT_SITE_FETCHES_PER_MINUTE, here 3 a minute):
// each of sync, availability probe, live robots.txt test and IndexNow key check, per project and domain, counts every
// call whatever it finds (failing syncs give their 15-minute slot back, so they must count here), and beyond it answers
// 429 with Retry-After before anything is fetched.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as syncRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/sync/route";
import { db } from "@/lib/db";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { testRobots } from "@/lib/robots/test-robots";
import { probeAvailability } from "@/lib/sitemaps/probe/probe-availability";
import { syncProject } from "@/lib/sitemaps/sync/sync-project";
import { systemCtx } from "@/lib/core/context";
import { verifyKey } from "@/lib/verification/verify-key";
import { bearer, call } from "../http";
import { openStore, policies, STORES, uniquePrefix } from "../rate-limit/stores";
import { createProjectFor, createTenant, rejection, SitemapSite, type Tenant } from "./helpers";

const LIMIT = 3;
let site: SitemapSite;
let tenant: Tenant;

beforeAll(async () => {
  await replaceRateLimits(createRateLimits(openStore(STORES[0]), policies({ siteFetches: { points: LIMIT, duration: 60 } }), uniquePrefix("site-fetch")));
  site = await SitemapSite.start();
  tenant = await createTenant("site-fetch-brake");
});
afterAll(async () => {
  await replaceRateLimits(undefined);
  await site?.close();
});

async function project(tag: string) {
  const domain = site.domain(tag);
  return { domain, id: (await createProjectFor(tenant, domain)).id, fetcher: site.fetcher([domain]) };
}

describe("on-demand fetches of a customer's site", () => {
  it("counts failing syncs: after 3 in a minute, 429 SYNC_RATE_LIMITED with Retry-After and nothing fetched; another project is not held back", async () => {
    const p = await project("failing");
    for (let i = 0; i < LIMIT; i++) {
      expect(await syncProject(tenant.ctx, p.id, { fetcher: p.fetcher })).toMatchObject({ status: "failed" });
    }
    const fetched = site.requestsTo(p.domain).length;
    expect(fetched).toBeGreaterThanOrEqual(LIMIT * 2); // robots.txt and the sitemap, each time
    const refused = await rejection(syncProject(tenant.ctx, p.id, { fetcher: p.fetcher }));
    expect(refused).toMatchObject({ code: "SYNC_RATE_LIMITED", meta: { retryAfterSeconds: expect.any(Number), limit: LIMIT } });
    expect(refused.message).toMatch(new RegExp(`At most ${LIMIT} sitemap syncs a minute for ${p.domain}`));

    const { res, body } = await call(syncRoute.POST, {
      method: "POST", url: `http://127.0.0.1:3000/api/user/organizations/${tenant.organizationId}/projects/${p.id}/sync`,
      headers: bearer(tenant.sessionToken), params: { organizationId: tenant.organizationId, id: p.id },
    });
    expect(res.status).toBe(429);
    expect(body).toMatchObject({ success: false, code: "SYNC_RATE_LIMITED", meta: { retryAfterSeconds: expect.any(Number) } });
    const retryAfter = Number(body.meta?.retryAfterSeconds);
    expect(Number(res.headers.get("retry-after"))).toBe(retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(site.requestsTo(p.domain)).toHaveLength(fetched);

    const other = await project("other");
    expect(await syncProject(tenant.ctx, other.id, { fetcher: other.fetcher })).toMatchObject({ status: "failed" });
    // The scheduler's syncs are not on demand: they keep their own 15-minute rule only.
    const scheduled = systemCtx("sitemap-sync", { id: tenant.organizationId, role: "owner" });
    expect(await syncProject(scheduled, p.id, { fetcher: p.fetcher })).toMatchObject({ status: "failed" });
  });

  it("brakes the availability probe, the live robots.txt test (a draft is never fetched) and the IndexNow key check alike", async () => {
    const p = await project("probe");
    const key = crypto.randomBytes(16).toString("hex");
    await db.project.update({ where: { id: p.id }, data: { indexNowKey: key } });
    const live = () => testRobots({ ctx: tenant.ctx, id: p.id, input: { urls: ["/a"] }, fetcher: p.fetcher });
    const actions: [string, () => Promise<unknown>][] = [
      ["availability checks", () => probeAvailability(tenant.ctx, p.id, { fetcher: p.fetcher })],
      ["live robots.txt tests", live],
      ["IndexNow key checks", () => verifyKey(tenant.ctx, p.id, { fetcher: p.fetcher })],
    ];
    for (const [name, run] of actions) {
      for (let i = 0; i < LIMIT; i++) await run();
      const before = site.requestsTo(p.domain).length;
      const refused = await rejection(run());
      expect(refused, name).toMatchObject({ code: "RATE_LIMITED", meta: { retryAfterSeconds: expect.any(Number) } });
      expect(refused.message).toContain(`At most ${LIMIT} ${name} a minute for ${p.domain}`);
      expect(site.requestsTo(p.domain)).toHaveLength(before);
    }
    const draft = await testRobots({ ctx: tenant.ctx, id: p.id, input: { urls: ["/a"], robotsTxt: "User-agent: *\nDisallow: /a\n" }, fetcher: p.fetcher });
    expect(draft).toMatchObject({ source: "provided", results: [{ allowed: false }] });
  });

  it("counts a burst exactly: of 10 concurrent availability checks, 3 fetch and 7 are refused before fetching", async () => {
    const p = await project("burst");
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => probeAvailability(tenant.ctx, p.id, { fetcher: p.fetcher })));
    const refused = outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason.code);
    expect(refused).toEqual(Array(10 - LIMIT).fill("RATE_LIMITED"));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(LIMIT);
  });
});
