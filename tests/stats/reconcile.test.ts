// The live counters against the truth: 20 writers at once (admissions, audits, engine states, issue
// memberships) leave them equal to a recount; the hourly reconciliation fixes an injected drift and says how big it was.
import { systemCtx } from "@/lib/core/context";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, Prisma, withTransaction } from "@/lib/db";
import type { AuditOutcome } from "@/lib/audit/types";
import { applyAuditOutcomes } from "@/lib/inspections/apply-audit-outcomes";
import { countTruth, reconcileBatch, reconcileProject } from "@/lib/stats/reconcile-stats";
import { createTestProject, createTestUser, type TestUser } from "../factories";

let alice: TestUser;
beforeAll(async () => { alice = await createTestUser("reconcile"); });

const STORED = `total_urls AS "totalUrls", healthy_urls AS "healthyUrls", broken_urls AS "brokenUrls", redirected_urls AS "redirectedUrls",
  indexed_urls AS "indexedUrls", not_indexed_urls AS "notIndexedUrls", stale_urls AS "staleUrls", open_issues AS "openIssues", urls_with_issues AS "urlsWithIssues"`;
const stored = async (projectId: string) => (await db.$queryRaw<Record<string, number>[]>(Prisma.sql`
  SELECT ${Prisma.raw(STORED)} FROM website_stats WHERE project_id = ${projectId}::uuid`))[0];

const outcome = (url: string, i: number): AuditOutcome => {
  const kind = i % 4;
  return {
    url, checkedAt: new Date(), fetched: true, hops: [], redirectHops: 0, redirectTarget: null, healthError: null, durationMs: 1,
    healthState: kind === 0 ? "client_error" : kind === 1 ? "redirected" : "healthy", httpStatus: kind === 0 ? 404 : kind === 1 ? 301 : 200,
    indexability: kind === 2 ? "noindex" : "indexable", canonicalUrl: null, metaRobots: kind === 2 ? "noindex" : null, xRobotsTag: null,
    robots: null, wafVendor: null, detected: kind === 0 ? ["broken_link"] : kind === 2 ? ["has_noindex"] : [], evaluated: ["broken_link", "has_noindex"],
  };
};

describe("live counters", () => {
  it("20 concurrent writers leave them equal to the recomputed truth", async () => {
    const project = await createTestProject(alice);
    const ref = { organizationId: alice.organizationId, projectId: project.id, automatedInspectionsEnabled: false, inspectionCadence: "weekly" as const };
    const writers = Array.from({ length: 20 }, async (_, w) => {
      // Each writer admits its own URLs, audits them (issues open), and an engine reports some of them.
      await db.trackedUrl.createMany({ data: Array.from({ length: 25 }, (_, i) => ({ organizationId: alice.organizationId, projectId: project.id, url: `https://w${w}.example/p${i}`, source: "manual" as const })) });
      const rows = await db.trackedUrl.findMany({ where: { projectId: project.id, url: { startsWith: `https://w${w}.example/` } }, select: { id: true, url: true } });
      // 20 writers share a pool of 10 connections: on a loaded machine one may wait longer than Prisma's 2 s for its
      // turn. Inside, they queue on the project's stats row lock one after another: the last waited past Prisma's 5 s
      // transaction limit once in a CI trial (tests, lint, build and the journeys at once), so it may take 30 s.
      await withTransaction(systemCtx("test", ref.organizationId), (ctx) => applyAuditOutcomes(ctx, ref, rows.map((r, i) => ({ trackedUrlId: r.id, outcome: outcome(r.url, i + w), source: "scheduled" })), new Date()), { maxWait: 30_000, timeout: 30_000 });
      await db.trackedUrl.updateMany({ where: { id: { in: rows.slice(0, 10).map((r) => r.id) } }, data: { engineAState: w % 2 ? "indexed" : "crawled_not_indexed" } });
      if (w % 5 === 0) await db.trackedUrl.updateMany({ where: { id: { in: rows.slice(20).map((r) => r.id) } }, data: { staleAt: new Date() } });
      if (w % 7 === 0) await db.trackedUrl.deleteMany({ where: { id: rows[24].id } });
    });
    await Promise.all(writers);
    const truth = await countTruth(project.id);
    expect(truth.totalUrls).toBe(500 - 3);
    expect(truth.brokenUrls).toBeGreaterThan(0);
    expect(truth.openIssues).toBe(2);
    expect(await stored(project.id)).toEqual(truth);
    expect((await reconcileProject(systemCtx("test", alice.organizationId), project.id, new Date())).drift).toEqual({});
  });
});

describe("reconciliation", () => {
  it("fixes an injected drift, reports its size, stamps lastReconciledAt and logs it", async () => {
    const project = await createTestProject(alice);
    await db.trackedUrl.createMany({ data: Array.from({ length: 6 }, (_, i) => ({ organizationId: alice.organizationId, projectId: project.id, url: `https://drift.example/${i}`, source: "manual" as const })) });
    await db.$executeRaw(Prisma.sql`UPDATE website_stats SET total_urls = 9, healthy_urls = 4, open_issues = 2 WHERE project_id = ${project.id}::uuid`);

    const [before] = await db.$queryRaw<{ prev: string }[]>(Prisma.sql`SELECT id::text AS prev FROM projects WHERE id < ${project.id}::uuid ORDER BY id DESC LIMIT 1`);
    const prev = before?.prev ?? null;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const now = new Date();
    try {
      const batch = await reconcileBatch(prev, now, 1);
      expect(batch).toMatchObject({ projects: 1, drifted: 1, next: project.id });
      const line = warn.mock.calls.map((c) => String(c[0])).find((l) => l.includes(project.id));
      expect(JSON.parse(line!)).toMatchObject({
        event: "stats.drift_fixed", projectId: project.id,
        drift: { totalUrls: { stored: 9, truth: 6 }, healthyUrls: { stored: 4, truth: 0 }, openIssues: { stored: 2, truth: 0 } },
      });
    } finally { warn.mockRestore(); }
    expect(await stored(project.id)).toEqual(await countTruth(project.id));
    expect(await db.websiteStats.findUniqueOrThrow({ where: { projectId: project.id } })).toMatchObject({ totalUrls: 6, lastReconciledAt: now });
    // Counting goes on from the fixed values.
    await db.trackedUrl.create({ data: { organizationId: alice.organizationId, projectId: project.id, url: "https://drift.example/7", source: "manual" } });
    expect((await stored(project.id)).totalUrls).toBe(7);
  });
});
