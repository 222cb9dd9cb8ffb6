import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { syncAllProjectsFn } from "@/inngest/functions/sitemaps/sync-all-projects";
import { syncProjectFn } from "@/inngest/functions/sitemaps/sync-project";
import { functions } from "@/inngest/functions";
import { db } from "@/lib/db";
import { runInProcess, type Emit } from "@/lib/jobs/in-process-runner";
import type { SafeFetcher } from "@/lib/net/safe-fetch";
import { runUnderInngest } from "../inngest-engine";
import { createProjectFor, createTenant, pages, setBalance, SitemapSite, urlset, type Tenant } from "./helpers";

const fetcherHolder = vi.hoisted(() => ({ current: null as SafeFetcher | null }));
vi.mock("@/lib/net/safe-fetch", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/net/safe-fetch")>();
  return { ...actual, getDefaultFetcher: () => fetcherHolder.current ?? actual.getDefaultFetcher() };
});

let site: SitemapSite;
let tenant: Tenant;
const projects: Record<"active" | "paused" | "deleted" | "poor", { id: string; domain: string }> = {} as never;

beforeAll(async () => {
  site = await SitemapSite.start();
  tenant = await createTenant("sitemap-cron");
  for (const kind of ["active", "paused", "deleted"] as const) {
    const domain = site.domain(kind);
    projects[kind] = { id: (await createProjectFor(tenant, domain)).id, domain };
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 3)));
  }
  await db.project.update({ where: { id: projects.paused.id }, data: { status: "paused" } });
  await db.project.update({ where: { id: projects.deleted.id }, data: { status: "paused", deletedAt: new Date(), liveDomain: null } });
  const poor = await createTenant("sitemap-cron-poor");
  await setBalance(poor.organizationId, 1);
  const poorDomain = site.domain("poor");
  projects.poor = { id: (await createProjectFor(poor, poorDomain)).id, domain: poorDomain };
  site.set(poorDomain, "/sitemap.xml", urlset(pages(poorDomain, 3)));
  fetcherHolder.current = site.fetcher(Object.values(projects).map((p) => p.domain));
});
afterAll(() => site.close());

const event = (name: string, data: Record<string, unknown>) => ({ name, data, id: crypto.randomUUID(), ts: Date.now() });

describe("sync-all-projects (daily cron)", () => {
  it("keeps its id and daily UTC schedule and is registered", () => {
    expect(syncAllProjectsFn.id()).toBe("sync-all-projects");
    expect(syncAllProjectsFn.opts.triggers).toEqual([{ cron: "TZ=UTC 0 4 * * *" }]);
    expect(syncProjectFn.id()).toBe("sync-project");
    expect(functions).toEqual(expect.arrayContaining([syncAllProjectsFn, syncProjectFn]));
  });

  it("fans out one event per active project with a per-day id, skipping paused and deleted projects", async () => {
    const sent: Parameters<Emit>[0] = [];
    const emit: Emit = async (payloads) => {
      sent.push(...payloads);
      return payloads.map((p) => p.id ?? "");
    };
    const result = (await runInProcess(syncAllProjectsFn, event("inngest/scheduled.timer", {}), { emit })) as { day: string; queued: number };

    const day = new Date().toISOString().slice(0, 10);
    expect(result.day).toBe(day);
    expect(result.queued).toBe(sent.length);
    const mine = sent.filter((e) => [projects.active.id, projects.paused.id, projects.deleted.id].includes(e.data?.projectId as string));
    expect(mine).toEqual([{
      name: "sitemap/sync.requested",
      data: { organizationId: tenant.organizationId, projectId: projects.active.id },
      id: `sitemap-sync-${projects.active.id}-${day}`,
    }]);
    expect(new Set(sent.map((e) => e.id)).size).toBe(sent.length);
  });
});

describe("sync-project", () => {
  const run = (projectId: string, organizationId = tenant.organizationId) =>
    runInProcess(syncProjectFn, event("sitemap/sync.requested", { organizationId, projectId }), { emit: async () => [], retryDelayMs: () => 0 });

  it("syncs an active project as the system, then reports the debounce as an outcome", async () => {
    expect(await run(projects.active.id)).toMatchObject({ projectId: projects.active.id, outcome: "synced", urlsDiscovered: 3 });
    expect(await db.trackedUrl.count({ where: { projectId: projects.active.id, source: "sitemap" } })).toBe(3);
    expect(await run(projects.active.id)).toMatchObject({ outcome: "rate_limited", retryAfterSeconds: expect.any(Number) });
  });

  it("syncs under Inngest too, its outcome passed through JSON", async () => {
    const domain = site.domain("inngest");
    const project = await createProjectFor(tenant, domain);
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 2)));
    fetcherHolder.current = site.fetcher([...Object.values(projects).map((p) => p.domain), domain]);
    const { result, error } = await runUnderInngest(syncProjectFn, { events: [{ name: "sitemap/sync.requested", data: { organizationId: tenant.organizationId, projectId: project.id } }] });
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ projectId: project.id, outcome: "synced", urlsDiscovered: 2 });
    expect(await db.trackedUrl.count({ where: { projectId: project.id, source: "sitemap" } })).toBe(2);
  });

  it("skips paused and deleted projects without fetching anything", async () => {
    expect(await run(projects.paused.id)).toMatchObject({ outcome: "skipped", reason: "paused" });
    expect(await run(projects.deleted.id)).toMatchObject({ outcome: "skipped", reason: "deleted" });
    expect(site.requestsTo(projects.paused.domain)).toEqual([]);
    expect(site.requestsTo(projects.deleted.domain)).toEqual([]);
  });

  it("reports missing credits as an outcome, not a failure", async () => {
    const poorOrg = (await db.project.findUniqueOrThrow({ where: { id: projects.poor.id } })).organizationId;
    expect(await run(projects.poor.id, poorOrg)).toMatchObject({ outcome: "insufficient_credits", required: 3, available: 1 });
  });

  it("refuses a malformed payload without retrying", async () => {
    await expect(runInProcess(syncProjectFn, event("sitemap/sync.requested", { projectId: "nope" }), { emit: async () => [] }))
      .rejects.toMatchObject({ name: "NonRetriableError" });
  });

  it("never syncs a project of another organization named in the event", async () => {
    const other = await createTenant("sitemap-cron-other");
    expect(await run(projects.active.id, other.organizationId)).toMatchObject({ outcome: "skipped", reason: "not_found" });
  });
});
