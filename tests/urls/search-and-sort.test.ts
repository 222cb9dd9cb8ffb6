// The URL table's search and sorts: q is served by the trigram index, every sort of DESIGN.md orders as documented
// (nulls last descending, first ascending, ties by id), and the export's keyset walk gives exactly the list's order
// in every sort, across batch boundaries that fall inside runs of equal values.
import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db, Prisma, withTransaction } from "@/lib/db";
import { urlConditions } from "@/lib/urls/url-filters";
import { URL_SORTS, type UrlFilters } from "@/lib/urls/schemas";
import { URL_EXPORT_COLUMNS } from "@/lib/urls/internal";
import { walkUrls, type UrlCells } from "@/lib/urls/walk-urls";
import { bearer } from "../http";
import { createTestUser } from "../factories";
import { listUrls, projectFor, type Target } from "./helpers";

type Row = { id: string; url: string; discoveredAt: Date; healthState: string; values: Record<string, number | Date | null> };
const FIELDS = { clicks28d: "clicks28d", impressions28d: "impressions28d", lastImpressionAt: "lastImpressionAt", engineAObservedAt: "engineAObservedAt", lastGooglebotFetchAt: "lastGooglebotFetchAt" } as const;
const BASE = Date.UTC(2026, 0, 1);
const day = (n: number) => new Date(BASE + n * 86_400_000);

let t: Target;
let rows: Row[];
beforeAll(async () => {
  t = await projectFor(await createTestUser("urls-sort"));
  // 61 URLs: few distinct values per field (long runs of ties), a share without a value, discoveredAt shared by threes.
  rows = Array.from({ length: 61 }, (_, i) => ({
    id: crypto.randomUUID(),
    url: `https://${t.domain}/${i % 2 ? "blog" : "shop"}/item-${i}${i % 10 === 3 ? "-Bear_Country" : ""}`,
    discoveredAt: new Date(BASE + Math.floor(i / 3) * 60_000),
    healthState: i % 3 === 0 ? "client_error" : "healthy",
    values: {
      clicks28d: i % 4 === 0 ? null : i % 3,
      impressions28d: i % 5 === 1 ? null : (i * 7) % 4,
      lastImpressionAt: i % 3 === 2 ? null : day(i % 4),
      engineAObservedAt: i % 6 === 0 ? null : day(i % 2),
      lastGooglebotFetchAt: i % 2 === 0 ? null : day(i % 5),
    },
  }));
  await db.trackedUrl.createMany({
    data: rows.map((r) => ({
      id: r.id, organizationId: t.orgId, projectId: t.projectId, url: r.url, source: "manual" as const, discoveredAt: r.discoveredAt,
      healthState: r.healthState as "healthy", ...r.values,
    })),
  });
});

const cmpId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const num = (v: number | Date | null) => (v instanceof Date ? v.getTime() : v);

/** The documented order: discoveredAt (ties by id, both one way); any other field descending with no value last, ascending first, ties by id the other way. */
function ordered(list: Row[], sort: string): Row[] {
  const [field, dir] = sort.split(":");
  return [...list].sort((a, b) => {
    if (field === "discoveredAt") return (dir === "desc" ? -1 : 1) * (a.discoveredAt.getTime() - b.discoveredAt.getTime() || cmpId(a, b));
    const va = num(a.values[field]), vb = num(b.values[field]);
    const asc = dir === "asc";
    if (va === null || vb === null) {
      if (va === null && vb === null) return asc ? -cmpId(a, b) : cmpId(a, b);
      return (va === null ? 1 : -1) * (asc ? -1 : 1);
    }
    return va !== vb ? (asc ? va - vb : vb - va) : asc ? -cmpId(a, b) : cmpId(a, b);
  });
}

const SORTS = URL_SORTS.flatMap((f) => [f, `${f}:asc`, `${f}:desc`]);
const ids = (list: { id: string }[]) => list.map((r) => r.id);
const ID = URL_EXPORT_COLUMNS.indexOf("id");
const cellIds = (batch: UrlCells[]) => batch.map((cells) => cells[ID] as string);

describe("sorting the URL list", () => {
  it("covers every field of DESIGN.md with ties and rows without a value", () => {
    expect(URL_SORTS).toEqual(["discoveredAt", ...Object.keys(FIELDS)]);
    for (const f of Object.keys(FIELDS)) expect(rows.some((r) => r.values[f] === null)).toBe(true);
  });

  it.each(SORTS)("sort=%s orders as documented, on every page", async (sort) => {
    const want = ordered(rows, sort.includes(":") ? sort : sort === "discoveredAt" ? "discoveredAt:asc" : `${sort}:desc`);
    const all = await listUrls(t, `?sort=${sort}&limit=100`);
    expect(all.res.status).toBe(200);
    expect(ids(all.body.data)).toEqual(ids(want));
    const page = await listUrls(t, `?sort=${sort}&limit=9&offset=18`);
    expect(ids(page.body.data)).toEqual(ids(want.slice(18, 27)));
  });

  it.each(SORTS)("the export's keyset walk in sort=%s gives the list's order across batches that split runs of ties", async (sort) => {
    const want = ordered(rows, sort.includes(":") ? sort : sort === "discoveredAt" ? "discoveredAt:asc" : `${sort}:desc`);
    const got: string[] = [];
    for await (const batch of walkUrls(t.projectId, {}, sort, undefined, 4)) {
      expect(batch.length).toBeLessThanOrEqual(4);
      got.push(...cellIds(batch));
    }
    expect(got).toEqual(ids(want));
    // With filters, q and a selection of ids too.
    const some = rows.filter((_, i) => i % 3 !== 1).map((r) => r.id);
    const filtered: string[] = [];
    for await (const batch of walkUrls(t.projectId, { q: "item-", healthState: "healthy" } as UrlFilters, sort, some, 3)) filtered.push(...cellIds(batch));
    expect(filtered).toEqual(ids(want.filter((r) => r.healthState === "healthy" && some.includes(r.id))));
  });

  it("q and a sort combine with the filters and the total", async () => {
    const want = ordered(rows.filter((r) => /bear_country/i.test(r.url) && r.healthState === "healthy"), "clicks28d:asc");
    const { body } = await listUrls(t, "?q=BEAR_c&healthState=healthy&sort=clicks28d:asc");
    expect(ids(body.data)).toEqual(ids(want));
    expect(body.meta!.total).toBe(want.length);
    expect(want.length).toBeGreaterThan(1);
  });
});

describe("a search with many matches", () => {
  it("is read in the list's order past 20,000 matches, sorted from its matches below, with the exact total either way", async () => {
    const big = await projectFor(await createTestUser("urls-sort-big"));
    await db.$executeRaw(Prisma.sql`
      INSERT INTO tracked_urls (id, organization_id, project_id, url, source, clicks_28d, updated_at)
      SELECT gen_random_uuid(), ${big.orgId}::uuid, ${big.projectId}::uuid, 'https://' || ${big.domain} || '/p-' || g, 'manual',
             CASE WHEN g % 5 = 0 THEN NULL ELSE g % 7 END, now()
      FROM generate_series(1, 20005) g`);
    // The oracle: the same order in plain SQL.
    const oracle = async (pattern: string, order: string, offset: number) => (await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text AS id FROM tracked_urls WHERE project_id = $1::uuid AND url ILIKE $2 ORDER BY ${order} LIMIT 7 OFFSET ${offset}`, big.projectId, pattern)).map((r) => r.id);
    for (const [q, pattern, total] of [["p-", "%p-%", 20005], ["P-1000", "%p-1000%", 11]] as const) {
      for (const [sort, order] of [["clicks28d", "clicks_28d DESC NULLS LAST, id"], ["clicks28d:asc", "clicks_28d ASC NULLS FIRST, id DESC"], ["discoveredAt:desc", "discovered_at DESC, id DESC"]]) {
        const { body } = await listUrls(big, `?q=${q}&sort=${sort}&limit=7&offset=3`);
        expect(body.meta!.total, `${q} ${sort}`).toBe(total);
        expect(ids(body.data), `${q} ${sort}`).toEqual(await oracle(pattern, order, 3));
      }
    }
  });
});

describe("a search's tenancy", () => {
  it("a search on another organization's project, or on an unknown one, answers 404", async () => {
    const stranger = await createTestUser("urls-sort-stranger");
    for (const c of [{ ...t, headers: bearer(stranger.sessionToken) }, { ...t, projectId: crypto.randomUUID() }]) {
      const { res, body } = await listUrls(c, "?q=item&sort=clicks28d");
      expect(res.status).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    }
  });
});

describe("the search index", () => {
  it("q is served by the trigram index on the URL (on PostgreSQL and on the embedded database)", async () => {
    // The q condition exactly as the list builds it (its project condition left aside: a btree serves that one).
    const [, where] = urlConditions(t.projectId, { q: "bear_country" });
    const plan = await withTransaction(systemCtx("test"), async (ctx) => {
      const { tx } = ctx;
      // Planner switches so the plan shows whether the index can serve q at all, whatever this small table's statistics say.
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
      const rowsOfPlan = await tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN SELECT t.id FROM tracked_urls t WHERE ${where}`);
      return rowsOfPlan.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/Bitmap Index Scan on tracked_urls_url_trgm_idx/);
    expect(plan).toMatch(/url ~~\* /);
  });
});
