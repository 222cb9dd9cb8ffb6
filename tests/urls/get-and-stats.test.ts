import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestUser, type TestUser } from "../factories";
import { admit, getStats, getUrl, projectFor } from "./helpers";

let alice: TestUser;
beforeAll(async () => { alice = await createTestUser("urls-get"); });

// SPEC.md TrackedUrl, every field.
const FIELDS = [
  "id", "organizationId", "projectId", "url", "source", "discoveredAt", "firstSeenInSitemapAt", "lastSeenInSitemapAt", "lastmod", "staleAt",
  "healthState", "httpStatus", "redirectTarget", "redirectHops", "healthError", "lastHealthCheckAt", "indexability", "canonicalUrl", "metaRobots",
  "xRobotsTag", "lastAuditAt", "lastInspectionAttemptAt", "lastInspectionSuccessAt", "lastInspectionFailureAt", "lastInspectionFailureCode",
  "consecutiveInspectionFailures", "lastIndexNowSubmittedAt", "indexNowAttempts", "engineAState", "engineBState", "indexedAt", "lastEngineSyncAt",
  "nextInspectionAt", "createdAt", "updatedAt",
  // DESIGN.md "Coverage at scale, crawl activity, removals, agency views, MCP": provenance, Search Analytics, priority, crawl evidence.
  "engineAStateSource", "engineAObservedAt", "engineBObservedAt", "clicks28d", "impressions28d", "ctr28d", "position28d", "lastImpressionAt",
  "priority", "lastGooglebotFetchAt", "lastBingbotFetchAt", "crawlerHits30d",
  // DESIGN.md "Site watch, rendering, links, diagnosis": the link graph and the primary cause (null when unknown).
  "inlinks", "clickDepth", "orphan", "notIndexedCause",
];

describe("GET /urls/{urlId}", () => {
  it("answers the TrackedUrl with every field, timestamps in ISO 8601 or null", async () => {
    const t = await projectFor(alice);
    await admit(t, [`https://${t.domain}/one`]);
    const row = await db.trackedUrl.findFirstOrThrow({ where: { projectId: t.projectId } });
    const audited = await db.trackedUrl.update({
      where: { id: row.id },
      data: { healthState: "redirected", httpStatus: 301, redirectTarget: `https://${t.domain}/two`, redirectHops: 1, lastHealthCheckAt: new Date(), engineBState: "indexed" },
    });
    const { res, body } = await getUrl(t, row.id);
    expect(res.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual([...FIELDS].sort());
    expect(body.data).toMatchObject({
      id: row.id, organizationId: t.orgId, projectId: t.projectId, url: `https://${t.domain}/one`, source: "manual",
      discoveredAt: row.discoveredAt.toISOString(), staleAt: null, lastmod: null, healthState: "redirected", httpStatus: 301,
      redirectTarget: `https://${t.domain}/two`, redirectHops: 1, lastHealthCheckAt: audited.lastHealthCheckAt!.toISOString(),
      indexability: "unknown", engineAState: "unknown", engineBState: "indexed", consecutiveInspectionFailures: 0, indexNowAttempts: 0,
      updatedAt: audited.updatedAt.toISOString(),
    });
  });

  it("answers 404 for unknown and malformed ids, another project's URL and a deleted project", async () => {
    const t = await projectFor(alice);
    const sibling = await projectFor(alice);
    await admit(sibling, [`https://${sibling.domain}/x`]);
    const foreign = await db.trackedUrl.findFirstOrThrow({ where: { projectId: sibling.projectId } });
    for (const id of [crypto.randomUUID(), "nope", foreign.id]) {
      const { res, body } = await getUrl(t, id);
      expect(res.status, id).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    }
    await db.project.update({ where: { id: sibling.projectId }, data: { deletedAt: new Date(), liveDomain: null } });
    expect((await getUrl(sibling, foreign.id)).res.status).toBe(404);
  });
});

describe("GET /stats", () => {
  it("answers id null and zeros before the first URL", async () => {
    const t = await projectFor(alice);
    const { res, body } = await getStats(t);
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      id: null, organizationId: t.orgId, projectId: t.projectId,
      totalUrls: 0, healthyUrls: 0, brokenUrls: 0, redirectedUrls: 0, indexedUrls: 0, notIndexedUrls: 0, staleUrls: 0, openIssues: 0, urlsWithIssues: 0,
      lastReconciledAt: null, createdAt: null, updatedAt: null,
    });
  });

  it("counts URLs as they enter and change", async () => {
    const t = await projectFor(alice);
    await admit(t, ["a", "b", "c", "d"].map((p) => `https://${t.domain}/${p}`));
    await db.trackedUrl.updateMany({ where: { projectId: t.projectId, url: { endsWith: "/a" } }, data: { healthState: "healthy", engineAState: "indexed" } });
    await db.trackedUrl.updateMany({ where: { projectId: t.projectId, url: { endsWith: "/b" } }, data: { healthState: "client_error", engineBState: "not_indexed" } });
    await db.trackedUrl.updateMany({ where: { projectId: t.projectId, url: { endsWith: "/c" } }, data: { healthState: "redirected", staleAt: new Date() } });
    await db.trackedUrl.deleteMany({ where: { projectId: t.projectId, url: { endsWith: "/d" } } });
    const { body } = await getStats(t);
    expect(body.data).toMatchObject({ totalUrls: 3, healthyUrls: 1, brokenUrls: 1, redirectedUrls: 1, indexedUrls: 1, notIndexedUrls: 1, staleUrls: 1 });
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.data.updatedAt)).not.toBeNaN();
  });

  it("stays exact under concurrent admissions, updates and deletes", async () => {
    const t = await projectFor(alice);
    const url = (i: number) => `https://${t.domain}/p${i}`;
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => url(from + i));
    const health = ["healthy", "client_error", "redirected", "server_error", "timeout", "unknown"] as const;
    const engineA = ["indexed", "crawled_not_indexed", "unknown", "excluded", "indexed"] as const;
    const engineB = ["not_indexed", "indexed", "unknown", "error", "submitted"] as const;
    const indexability = ["indexable", "noindex", "unknown", "canonicalized"] as const;
    const writes: Promise<unknown>[] = [
      admit(t, range(0, 400)), admit(t, range(200, 600)), admit(t, range(400, 800)), admit(t, range(0, 800).reverse()),
    ];
    const updates = (round: number) => Array.from({ length: 10 }, (_, k) =>
      // Disjoint row sets per k (the last digit), so concurrent updates never lock the same rows.
      db.trackedUrl.updateMany({
        where: { projectId: t.projectId, url: { endsWith: String(k) } },
        data: {
          healthState: health[(k + round) % 6], engineAState: engineA[(k + round) % 5], engineBState: engineB[(k * 2 + round) % 5],
          indexability: indexability[(k * 3 + round) % 4], staleAt: (k + round) % 3 ? null : new Date(),
        },
      }));
    for (let round = 0; round < 3; round++) writes.push(...updates(round));
    writes.push(db.trackedUrl.deleteMany({ where: { projectId: t.projectId, url: { in: range(100, 130) } } }));
    await Promise.all(writes);
    // The rows admitted after an update of their digit ran are changed too, again concurrently.
    await Promise.all([...updates(3), db.trackedUrl.deleteMany({ where: { projectId: t.projectId, url: { in: range(300, 320) } } })]);

    const [fresh] = await db.$queryRaw<Record<string, number>[]>`
      SELECT count(*)::int AS "totalUrls",
        (count(*) FILTER (WHERE health_state = 'healthy'))::int AS "healthyUrls",
        (count(*) FILTER (WHERE health_state IN ('client_error', 'server_error', 'timeout')))::int AS "brokenUrls",
        (count(*) FILTER (WHERE health_state = 'redirected'))::int AS "redirectedUrls",
        (count(*) FILTER (WHERE engine_a_state = 'indexed' OR engine_b_state = 'indexed'))::int AS "indexedUrls",
        (count(*) FILTER (WHERE NOT (engine_a_state = 'indexed' OR engine_b_state = 'indexed') AND (engine_a_state <> 'unknown' OR engine_b_state <> 'unknown')))::int AS "notIndexedUrls",
        (count(*) FILTER (WHERE stale_at IS NOT NULL))::int AS "staleUrls"
      FROM tracked_urls WHERE project_id = ${t.projectId}::uuid`;
    expect(fresh.totalUrls).toBeGreaterThan(700);
    const { body } = await getStats(t);
    expect(body.data).toMatchObject(fresh);

    // The per-value counts behind filtered totals, against a count of the rows.
    const facets = (rows: { facet: string; value: string; urls: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.urls !== 0).map((r) => [`${r.facet}=${r.value}`, r.urls]));
    const recount = await db.$queryRaw<{ facet: string; value: string; urls: number }[]>`
      SELECT f.facet, f.value, count(*)::int AS urls FROM tracked_urls t
      CROSS JOIN LATERAL (VALUES ('health_state', t.health_state::text), ('indexability', t.indexability::text),
        ('engine_a_state', t.engine_a_state::text), ('engine_b_state', t.engine_b_state::text), ('source', t.source::text)) f(facet, value)
      WHERE t.project_id = ${t.projectId}::uuid GROUP BY 1, 2`;
    const kept = await db.urlFacetCount.findMany({ where: { projectId: t.projectId, facet: { not: "disagreement" } } });
    expect(facets(kept)).toEqual(facets(recount));
    expect(Object.keys(facets(kept)).length).toBeGreaterThan(12);
  });
});
