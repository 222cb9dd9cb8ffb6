import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as probeRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/availability/probe/route";
import * as sitemapsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/sitemaps/route";
import * as syncRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/sync/route";
import { db } from "@/lib/db";
import type { SafeFetcher } from "@/lib/net/safe-fetch";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey } from "../factories";
import { createProjectFor, createTenant, pages, setBalance, SitemapSite, sitemapIndex, urlset, type Tenant } from "./helpers";

// The routes use the fetcher configured from the environment; here it reaches the local test site.
const fetcherHolder = vi.hoisted(() => ({ current: null as SafeFetcher | null }));
vi.mock("@/lib/net/safe-fetch", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/net/safe-fetch")>();
  return { ...actual, getDefaultFetcher: () => fetcherHolder.current ?? actual.getDefaultFetcher() };
});

let site: SitemapSite;
let alice: Tenant;
let mallory: Tenant;
type Target = { orgId: string; projectId: string; domain: string };
let victim: Target;
let own: Target;
let probed: Target;

beforeAll(async () => {
  site = await SitemapSite.start();
  [alice, mallory] = await Promise.all([createTenant("sitemap-routes-alice"), createTenant("sitemap-routes-mallory")]);
  await setBalance(alice.organizationId, 1_000);
  const make = async (t: Tenant, tag: string): Promise<Target> => {
    const domain = site.domain(tag);
    return { orgId: t.organizationId, projectId: (await createProjectFor(t, domain)).id, domain };
  };
  [victim, own, probed] = await Promise.all([make(alice, "victim"), make(mallory, "own"), make(alice, "probed")]);
  fetcherHolder.current = site.fetcher([victim.domain, own.domain, probed.domain]);
});
afterAll(() => site.close());

const base = (t: Pick<Target, "orgId" | "projectId">) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}`;
const params = (t: Pick<Target, "orgId" | "projectId">) => ({ organizationId: t.orgId, id: t.projectId });
const sync = (t: Pick<Target, "orgId" | "projectId">, headers: Record<string, string>) =>
  call(syncRoute.POST, { method: "POST", url: `${base(t)}/sync`, headers, params: params(t) });
const listSitemaps = (t: Pick<Target, "orgId" | "projectId">, headers: Record<string, string>) =>
  call(sitemapsRoute.GET, { url: `${base(t)}/sitemaps`, headers, params: params(t) });
const probe = (t: Pick<Target, "orgId" | "projectId">, headers: Record<string, string>) =>
  call(probeRoute.POST, { method: "POST", url: `${base(t)}/availability/probe`, headers, params: params(t) });

describe("POST sync, GET sitemaps", () => {
  it("syncs, lists the sitemap tree (roots first, then children), then answers 429 with Retry-After", async () => {
    const b = `https://${victim.domain}`;
    site.set(victim.domain, "/robots.txt", { body: `Sitemap: ${b}/news.xml\n`, contentType: "text/plain" });
    site.set(victim.domain, "/sitemap.xml", sitemapIndex([`${b}/z-child.xml`, `${b}/a-child.xml`]));
    site.set(victim.domain, "/z-child.xml", urlset(pages(victim.domain, 2, "z")));
    site.set(victim.domain, "/a-child.xml", urlset(pages(victim.domain, 2, "a")));
    site.set(victim.domain, "/news.xml", urlset([`https://www.${victim.domain}/n`]));

    const { res, body } = await sync(victim, bearer(alice.sessionToken));
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      urlsDiscovered: 4, urlsUpdated: 0, urlsSkipped: 1, urlsExcluded: 0, sitemapsFetched: 4, staleMarked: 0, staleCleared: 0,
      skippedOffHost: [{ url: `https://www.${victim.domain}/n`, reason: "off_host" }], status: "completed", failures: [],
    });

    const list = await listSitemaps(victim, bearer(alice.sessionToken));
    expect(list.res.status).toBe(200);
    expect(list.body.meta).toBeUndefined();
    const rows = list.body.data as { id: string; url: string; parentSitemapId: string | null; type: string }[];
    expect(rows.map((r) => r.url.slice(b.length))).toEqual(["/news.xml", "/sitemap.xml", "/a-child.xml", "/z-child.xml"]);
    const root = rows[1];
    expect(rows.map((r) => r.parentSitemapId)).toEqual([null, null, root.id, root.id]);
    expect(Object.keys(rows[2]).sort()).toEqual(["error", "fetchStatus", "id", "lastFetchedAt", "lastSuccessAt", "parentSitemapId", "type", "url", "urlCount"]);
    expect(rows[2]).toMatchObject({ type: "urlset", fetchStatus: "ok", urlCount: 2, error: null });
    expect(root).toMatchObject({ type: "index", urlCount: 2 });

    const again = await sync(victim, bearer(alice.sessionToken));
    expect(again.res.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, status: 429, code: "SYNC_RATE_LIMITED" });
    const retry = Number(again.res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(890);
    expect(retry).toBeLessThanOrEqual(900);
    expect(again.body.meta).toEqual({ retryAfterSeconds: retry });
  });

  it("answers 402 INSUFFICIENT_CREDITS with required and available", async () => {
    const t = await createTenant("sitemap-routes-poor");
    await setBalance(t.organizationId, 3);
    const domain = site.domain("poor");
    const target = { orgId: t.organizationId, projectId: (await createProjectFor(t, domain)).id };
    fetcherHolder.current = site.fetcher([victim.domain, own.domain, probed.domain, domain]);
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 5)));
    const { res, body } = await sync(target, bearer(t.sessionToken));
    expect(res.status).toBe(402);
    expect(body).toMatchObject({ code: "INSUFFICIENT_CREDITS", meta: { required: 5, available: 3 } });
    expect(await db.trackedUrl.count({ where: { projectId: target.projectId } })).toBe(0);
  });
});

describe("POST availability/probe", () => {
  it("reports and stores robots.txt, llms.txt and sitemap presence on an unverified project", async () => {
    const b = `https://${probed.domain}`;
    site.set(probed.domain, "/robots.txt", { body: `User-agent: *\nSitemap: /s1.xml\nSitemap: ${b}/s2.xml.gz\nSitemap: /s1.xml\n`, contentType: "text/plain" });
    site.set(probed.domain, "/sitemap.xml", urlset([]));
    const { res, body } = await probe(probed, bearer(alice.sessionToken));
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      robotsTxtPresent: true, llmsTxtPresent: false, sitemapPresent: true, robotsSitemapUrls: [`${b}/s1.xml`, `${b}/s2.xml.gz`],
      siteReachable: true, problem: null, sitemapProblem: null,
    });
    let project = await db.project.findUniqueOrThrow({ where: { id: probed.projectId } });
    expect(project).toMatchObject({ robotsTxtPresent: true, llmsTxtPresent: false, dnsVerifiedAt: null });
    expect(project.lastAvailabilityCheckAt).not.toBeNull();

    site.remove(probed.domain, "/robots.txt");
    site.remove(probed.domain, "/sitemap.xml");
    site.set(probed.domain, "/llms.txt", { body: "# Site\n", contentType: "text/plain" });
    const second = await probe(probed, bearer(alice.sessionToken));
    expect(second.body.data).toEqual({
      robotsTxtPresent: false, llmsTxtPresent: true, sitemapPresent: false, robotsSitemapUrls: [],
      siteReachable: true, problem: null, sitemapProblem: `There is no sitemap at ${b}/sitemap.xml (HTTP 404).`,
    });
    project = await db.project.findUniqueOrThrow({ where: { id: probed.projectId } });
    expect(project).toMatchObject({ robotsTxtPresent: false, llmsTxtPresent: true });
  });
});

describe("access", () => {
  const routes = (t: Pick<Target, "orgId" | "projectId">, headers: Record<string, string>) => [
    ["POST sync", () => sync(t, headers)],
    ["GET sitemaps", () => listSitemaps(t, headers)],
    ["POST availability/probe", () => probe(t, headers)],
  ] as const;

  async function expectAll(t: Pick<Target, "orgId" | "projectId">, headers: Record<string, string>, status: number, code: string) {
    for (const [name, run] of routes(t, headers)) {
      const { res, body } = await run();
      expect(res.status, name).toBe(status);
      expect(body.code, name).toBe(code);
    }
  }

  it("answers 404 to another organization, whichever organization is in the path, and touches nothing", async () => {
    const before = site.requestsTo(victim.domain).length;
    const stamp = (await db.project.findUniqueOrThrow({ where: { id: victim.projectId } })).lastSitemapSyncAt;
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    await expectAll(victim, bearer(mallory.sessionToken), 404, "NOT_FOUND");
    await expectAll({ orgId: mallory.organizationId, projectId: victim.projectId }, bearer(mallory.sessionToken), 404, "NOT_FOUND");
    await expectAll(victim, apiKeyHeader(key), 404, "NOT_FOUND");
    await expectAll({ orgId: mallory.organizationId, projectId: victim.projectId }, apiKeyHeader(key), 404, "NOT_FOUND");
    expect(site.requestsTo(victim.domain)).toHaveLength(before);
    expect((await db.project.findUniqueOrThrow({ where: { id: victim.projectId } })).lastSitemapSyncAt).toEqual(stamp);
  });

  it("answers 404 to a malformed or unknown project id and 401 without valid credentials", async () => {
    await expectAll({ orgId: alice.organizationId, projectId: "not-a-uuid" }, bearer(alice.sessionToken), 404, "NOT_FOUND");
    await expectAll({ orgId: alice.organizationId, projectId: crypto.randomUUID() }, bearer(alice.sessionToken), 404, "NOT_FOUND");
    await expectAll(victim, {}, 401, "UNAUTHORIZED");
    await expectAll(victim, apiKeyHeader("iw_not_a_real_key"), 401, "UNAUTHORIZED");
  });

  it("enforces scopes: R for the list, W for sync and probe, organization:read for all", async () => {
    const cases: [string[], [number, number, number]][] = [
      [["projects:read", "organization:read"], [403, 200, 403]],
      [["projects:write", "organization:read"], [429, 403, 200]],
      [["projects:read", "projects:write"], [403, 403, 403]],
      [["projects:read", "projects:write", "organization:read"], [429, 200, 200]],
      [["user:read"], [403, 403, 403]],
    ];
    for (const [scopes, expected] of cases) {
      const { key } = await createTestApiKey(alice, scopes as never);
      const got = [];
      for (const [, run] of routes(victim, apiKeyHeader(key))) got.push((await run()).res.status);
      expect(got, scopes.join(",")).toEqual(expected);
    }
  });

  it("lets an API key of the organization sync its own project", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    site.set(own.domain, "/sitemap.xml", urlset(pages(own.domain, 2)));
    const { res, body } = await sync(own, apiKeyHeader(key));
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ urlsDiscovered: 2 });
  });
});
