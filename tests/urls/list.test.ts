import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { countTruth } from "@/lib/stats/reconcile-stats";
import { countUrls } from "@/lib/urls/count-urls";
import { DISAGREEMENTS, TrackedUrlResponse, type UrlFilters } from "@/lib/urls/schemas";
import { createTestUser, type TestUser } from "../factories";
import { expected, SINGLE_FILTERS, seedFixture, toQuery, type Row } from "./fixture";
import { admit, listUrls, projectFor, type Target } from "./helpers";

let alice: TestUser;
let t: Target;
let rows: Row[];
beforeAll(async () => {
  alice = await createTestUser("urls-list");
  t = await projectFor(alice);
  rows = await seedFixture(t);
});

const ids = (data: { id: string }[]) => data.map((r) => r.id);
const name = (f: UrlFilters) => JSON.stringify(f);

describe("URL listing", () => {
  it("lists every URL by (discoveredAt, id) with the total", async () => {
    const { res, body } = await listUrls(t, "?limit=100");
    expect(res.status).toBe(200);
    expect(ids(body.data)).toEqual(ids(expected(rows, {}).slice(0, 100)));
    expect(body.meta).toEqual({ total: rows.length, offset: 0, limit: 100, hasMore: true });
  });

  it("pages are stable: walking every page gives the whole ordered list once", async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 7) {
      const { body } = await listUrls(t, `?limit=7&offset=${offset}`);
      seen.push(...ids(body.data));
      expect(body.meta).toEqual({ total: rows.length, offset, limit: 7, hasMore: offset + 7 < rows.length });
      if (!body.meta!.hasMore) break;
    }
    expect(seen).toEqual(ids(expected(rows, {})));
  });

  it("the default page is 20 and an offset past the end answers an empty page", async () => {
    expect((await listUrls(t)).body.meta).toEqual({ total: rows.length, offset: 0, limit: 20, hasMore: true });
    const past = await listUrls(t, `?offset=${rows.length + 5}`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ total: rows.length, hasMore: false });
  });

  it.each(SINGLE_FILTERS.map((f) => [name(f), f]))("filter %s", async (_n, f) => {
    const want = expected(rows, f);
    const { res, body } = await listUrls(t, toQuery(f, { limit: 100 }));
    expect(res.status).toBe(200);
    expect(ids(body.data)).toEqual(ids(want.slice(0, 100)));
    expect(body.meta!.total).toBe(want.length);
    // Second page too, so offsets apply under every filter.
    if (want.length > 5) {
      const page = await listUrls(t, toQuery(f, { limit: 5, offset: 3 }));
      expect(page.res.status, JSON.stringify(page.body)).toBe(200);
      expect(ids(page.body.data)).toEqual(ids(want.slice(3, 8)));
      expect(page.body.meta).toEqual({ total: want.length, offset: 3, limit: 5, hasMore: want.length > 8 });
    }
  });

  // A first page under one facet filter keeps one plan per connection for every value (its bounds are written out,
  // lib/urls/list-urls.ts): after PostgreSQL's five custom plans it may run any value on the plan made for another.
  it("one facet filter's first pages, every value asked in turn again and again, are each that value's URLs", async () => {
    const facets = SINGLE_FILTERS.filter((f) => "healthState" in f || "source" in f || "indexability" in f);
    for (let round = 0; round < 7; round++) {
      for (const f of facets) {
        const sort = round % 2 ? "discoveredAt:desc" : undefined;
        const all = expected(rows, f);
        const want = sort ? [...all].reverse() : all;
        const { res, body } = await listUrls(t, toQuery(f, { offset: 0, limit: 10, ...(sort ? { sort } : {}) }));
        expect(res.status).toBe(200);
        expect(ids(body.data), `${name(f)} ${sort ?? ""}`).toEqual(ids(want.slice(0, 10)));
        expect(body.meta, name(f)).toEqual({ total: all.length, offset: 0, limit: 10, hasMore: all.length > 10 });
      }
    }
  });

  it("the fixture exercises every disagreement value and both hasIssues answers", () => {
    for (const disagreement of DISAGREEMENTS) {
      const n = expected(rows, { disagreement }).length;
      expect(n).toBeGreaterThan(5);
      expect(n).toBeLessThan(rows.length / 2);
    }
    expect(expected(rows, { disagreement: "any" }).length)
      .toBe(expected(rows, { disagreement: "indexable_not_in_engine" }).length + expected(rows, { disagreement: "nonindexable_but_indexed" }).length);
    expect(expected(rows, { hasIssues: "true" }).length).toBeGreaterThan(20);
  });

  it.each([
    { healthState: "healthy", source: "sitemap" },
    { indexability: "indexable", engineAState: "crawled_not_indexed" },
    { indexability: "indexable", disagreement: "indexable_not_in_engine" },
    { disagreement: "any", hasIssues: "true" },
    { disagreement: "nonindexable_but_indexed", isStale: "false" },
    { hasIssues: "false", isStale: "true" },
    { engineBState: "not_indexed", hasIssues: "true", source: "manual" },
    { counter: "not_indexed", indexability: "indexable" },
    { counter: "broken", hasIssues: "true" },
    { healthState: "client_error", indexability: "noindex", engineAState: "indexed", engineBState: "indexed", source: "import", hasIssues: "true", isStale: "false", disagreement: "any" },
  ] as UrlFilters[])("combined filters %j", async (f) => {
    const want = expected(rows, f);
    const { body } = await listUrls(t, toQuery(f, { limit: 100 }));
    expect(ids(body.data)).toEqual(ids(want));
    expect(body.meta!.total).toBe(want.length);
  });

  it("a sweep of pairs of filters matches the oracle", async () => {
    for (let i = 0; i < SINGLE_FILTERS.length; i += 3) {
      for (let j = i + 1; j < SINGLE_FILTERS.length; j += 5) {
        const f = { ...SINGLE_FILTERS[i], ...SINGLE_FILTERS[j] };
        const want = expected(rows, f);
        const { body } = await listUrls(t, toQuery(f, { limit: 100 }));
        expect(ids(body.data), name(f)).toEqual(ids(want.slice(0, 100)));
        expect(body.meta!.total, name(f)).toBe(want.length);
      }
    }
  });

  it("the live counts behind single-filter totals match the rows, also after the rows change", async () => {
    for (const f of [{}, ...SINGLE_FILTERS]) expect(await countUrls(t.projectId, f), name(f)).toBe(expected(rows, f).length);
    // The overview's counter cards link to these lists: each lists exactly what its counter counts.
    const truth = await countTruth(t.projectId);
    expect([await countUrls(t.projectId, { counter: "broken" }), await countUrls(t.projectId, { counter: "indexed" }), await countUrls(t.projectId, { counter: "not_indexed" })])
      .toEqual([truth.brokenUrls, truth.indexedUrls, truth.notIndexedUrls]);
    // Move some URLs into and out of both kinds of disagreement, then put them back.
    const moved = rows.slice(0, 40).map((r) => r.id);
    const before = await db.trackedUrl.findMany({ where: { id: { in: moved } } });
    await db.trackedUrl.updateMany({ where: { id: { in: moved.slice(0, 20) } }, data: { indexability: "noindex", engineAState: "indexed" } });
    await db.trackedUrl.updateMany({ where: { id: { in: moved.slice(20) } }, data: { indexability: "indexable", engineBState: "not_indexed" } });
    const changed = rows.map((r, i) => i < 20 ? { ...r, indexability: "noindex", engineAState: "indexed" }
      : i < 40 ? { ...r, indexability: "indexable", engineBState: "not_indexed" } : r);
    for (const f of SINGLE_FILTERS) expect(await countUrls(t.projectId, f), name(f)).toBe(expected(changed, f).length);
    for (const r of before) {
      await db.trackedUrl.update({ where: { id: r.id }, data: { indexability: r.indexability, engineAState: r.engineAState, engineBState: r.engineBState } });
    }
    for (const f of SINGLE_FILTERS) expect(await countUrls(t.projectId, f), name(f)).toBe(expected(rows, f).length);
  });

  it("answers full TrackedUrl objects", async () => {
    const { body } = await listUrls(t, "?limit=1&isStale=true");
    const [u] = body.data;
    const row = expected(rows, { isStale: "true" })[0];
    expect(u).toMatchObject({ id: row.id, url: row.url, projectId: t.projectId, organizationId: t.orgId, discoveredAt: row.discoveredAt.toISOString(), staleAt: row.staleAt!.toISOString() });
    expect(Object.keys(u)).toHaveLength(51); // SPEC.md's 35, DESIGN.md's 12 added with Search Analytics, and inlinks, clickDepth, orphan, notIndexedCause (links and diagnosis)

  });

  it("every answered row is exactly what TrackedUrlResponse parses it to (rows are built, not parsed)", async () => {
    for (const q of ["?limit=100", "?limit=100&offset=100", "?limit=100&isStale=true", "?limit=100&hasIssues=true"]) {
      const { body } = await listUrls(t, q);
      expect(body.data.length).toBeGreaterThan(0);
      for (const u of body.data) expect(TrackedUrlResponse.strict().parse(u)).toEqual(u);
    }
  });

  it.each([
    ["?healthState=broken", "healthState"],
    ["?indexability=INDEXABLE", "indexability"],
    ["?engineAState=not_indexed", "engineAState"],
    ["?engineBState=crawled_not_indexed", "engineBState"],
    ["?source=api", "source"],
    ["?hasIssues=yes", "hasIssues"],
    ["?isStale=1", "isStale"],
    ["?disagreement=both", "disagreement"],
    ["?limit=101", "limit"],
    ["?offset=-1", "offset"],
  ])("%s → 400", async (query, path) => {
    const { res, body } = await listUrls(t, query);
    expect(res.status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.meta?.errors?.map((e) => e.path)).toContain(path);
  });

  it("an empty filter value means no filter", async () => {
    const { res, body } = await listUrls(t, "?healthState=&source=&hasIssues=");
    expect(res.status).toBe(200);
    expect(body.meta!.total).toBe(rows.length);
  });

  it("q finds URLs containing the text, case-insensitively, with % and _ taken literally, and combines with filters", async () => {
    const s = await projectFor(alice);
    const paths = ["/Blog/Bear-Country", "/blog/bear_country", "/blog/bearXcountry", "/shop/100%-wool", "/shop/100x-wool", "/about"];
    expect((await admit(s, paths.map((p) => `https://${s.domain}${p}`))).res.status).toBe(200);
    const found = async (query: string) => {
      const { res, body } = await listUrls(s, query);
      expect(res.status, query).toBe(200);
      return { paths: (body.data as { url: string }[]).map((u) => new URL(u.url).pathname).sort(), total: body.meta!.total };
    };
    expect(await found("?q=BEAR")).toEqual({ paths: ["/Blog/Bear-Country", "/blog/bearXcountry", "/blog/bear_country"], total: 3 });
    expect(await found("?q=bear_c")).toEqual({ paths: ["/blog/bear_country"], total: 1 });
    expect(await found(`?q=${encodeURIComponent("100%")}`)).toEqual({ paths: ["/shop/100%-wool"], total: 1 });
    expect(await found("?q=nothing-like-this")).toEqual({ paths: [], total: 0 });
    expect((await found("?q=")).total).toBe(paths.length);
    expect(await found("?q=wool&source=manual&limit=1")).toMatchObject({ total: 2 });
    expect((await listUrls(s, `?q=${"x".repeat(5000)}`)).res.status).toBe(400);
    expect((await listUrls(s, "?q=a%00b")).res.status).toBe(400);
  });

  it("a project without URLs lists nothing", async () => {
    const empty = await projectFor(alice);
    for (const q of ["", "?isStale=true", "?hasIssues=false", "?healthState=unknown", "?source=sitemap"]) {
      const { body } = await listUrls(empty, q);
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ total: 0, hasMore: false });
    }
  });
});
