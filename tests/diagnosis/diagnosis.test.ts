import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as diagnosisRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/diagnosis/route";
import * as duplicatesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/duplicates/route";
import * as urlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/route";
import * as urlDiagnosisRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/diagnosis/route";
import * as urlDetailRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/detail/route";
import { diagnoseProjectsFn, diagnoseRequestedFn } from "@/inngest/functions/diagnosis/diagnose";
import { db, Prisma } from "@/lib/db";
import { CAUSES, type Cause } from "@/lib/diagnosis/causes";
import { computeDiagnosis } from "@/lib/diagnosis/compute-diagnosis";
import { listProjectsDueForDiagnosis } from "@/lib/diagnosis/diagnose-projects";
import { createTestProject, createTestTenant, type TestTenant } from "../factories";
import { bearer, call } from "../http";
import { runUnderInngest } from "../inngest-engine";

const DAY = 86_400_000;
const recent = () => new Date(Date.now() - 3 * DAY);
let alice: TestTenant;
let mallory: TestTenant;
let project: { id: string; organizationId: string; domain: string };
const ids = new Map<string, string>();

/** The link graph's facts of a page (url_facts), beside its own columns. */
type FactInput = Partial<Pick<Prisma.UrlFactUncheckedCreateInput, "inlinks" | "inlinksNofollowOnly" | "clickDepth" | "orphan">>;
type Fixture = {
  url?: (Prisma.TrackedUrlUncheckedCreateInput extends infer T ? Partial<T> : never) & FactInput;
  fields?: Record<string, string | null> | null;
  render?: { raw: boolean; rendered: boolean };
  googleAnswer?: Record<string, unknown>;
};

/** A page every rule passes (crawled, not indexed, and nothing explains it) unless a fixture says otherwise. */
async function page(name: string, path: string, f: Fixture = {}) {
  const id = crypto.randomUUID();
  const url = `https://${project.domain}${path}`;
  const { inlinks = 3, clickDepth = 1, orphan = false, inlinksNofollowOnly = false, ...own } = f.url ?? {};
  const created = await db.trackedUrl.create({
    data: {
      id, organizationId: project.organizationId, projectId: project.id, url, source: "sitemap", healthState: "healthy", httpStatus: 200,
      indexability: "indexable", engineAState: "crawled_not_indexed", engineBState: "not_indexed", engineALastCrawlAt: recent(),
      lastGooglebotFetchAt: recent(), lastBingbotFetchAt: recent(), sitemapId: crypto.randomUUID(), lastAuditAt: recent(), ...own,
    },
  });
  await db.urlFact.create({ data: { trackedUrlId: id, projectId: project.id, discoveredAt: created.discoveredAt, inlinks, clickDepth, orphan, inlinksNofollowOnly } });
  if (f.fields !== null) {
    await db.urlFieldSnapshot.create({
      data: { trackedUrlId: id, projectId: project.id, observedAt: recent(),
        fields: { title: `Title of ${name}`, h1: name, meta_description: `About ${name}`, main_text_hash: crypto.randomUUID().slice(0, 16), word_count: "500", ...f.fields } },
    });
  }
  if (f.render) {
    await db.urlRender.create({
      data: { trackedUrlId: id, organizationId: project.organizationId, projectId: project.id, url, source: "on_demand", status: "rendered", renderedAt: recent(),
        durationMs: 100, raw: { noindex: f.render.raw, metaRobots: [] }, rendered: { noindex: f.render.rendered, metaRobots: f.render.rendered ? ["noindex"] : [] } },
    });
  }
  if (f.googleAnswer) {
    await db.urlHistoryEntry.create({
      data: { organizationId: project.organizationId, projectId: project.id, trackedUrlId: id, observedAt: recent(), kind: "engineA", changed: [], source: "inspection",
        state: f.googleAnswer as Prisma.InputJsonValue },
    });
  }
  ids.set(name, id);
  return id;
}

// One page per rule, each built so that exactly that rule is the first to hold (Google's cause).
const EXPECTED: Record<string, Cause | null> = {};
async function seed() {
  const rule = async (name: string, cause: Cause | null, path: string, f: Fixture = {}) => { EXPECTED[name] = cause; await page(name, path, f); };
  await rule("indexed", null, "/ok", { url: { engineAState: "indexed", engineBState: "indexed" } });
  await rule("error", "http_error", "/shop/gone", { url: { healthState: "client_error", httpStatus: 404 } });
  await rule("redirect", "redirect", "/shop/moved", { url: { healthState: "redirected", httpStatus: 301, redirectTarget: `https://${project.domain}/shop/new` } });
  await rule("robots", "robots_blocked", "/private/x", { url: { indexability: "blocked_by_robots" } });
  await rule("noindex", "noindex", "/blog/hidden", { url: { indexability: "noindex", metaRobots: "noindex" } });
  await rule("jsnoindex", "noindex_rendered", "/blog/js", { render: { raw: false, rendered: true } });
  await rule("canonical", "canonical_elsewhere", "/blog/print", { url: { indexability: "canonicalized", canonicalUrl: `https://${project.domain}/blog/main` } });
  await rule("noverdict", "no_fresh_verdict", "/blog/new", { url: { engineAState: "unknown", engineBState: "unknown" } });
  await rule("googlecanonical", "google_chose_other_canonical", "/blog/variant", {
    url: { engineAState: "excluded" },
    googleAnswer: { state: "excluded", detail: "canonical_differs", coverageState: "Duplicate, Google chose different canonical than user",
      googleCanonical: `https://${project.domain}/blog/main`, userCanonical: `https://${project.domain}/blog/variant` },
  });
  await rule("soft404", "soft_404", "/shop/old-product", { fields: { title: "Product no longer available", word_count: "300" } });
  await rule("empty", "soft_404", "/shop/empty", { fields: { word_count: "4" } });
  await rule("kept", "unknown", "/blog/same", { fields: { main_text_hash: "samehash00000000", word_count: "400" }, url: { inlinks: 9 } });
  await rule("copy", "duplicate", "/blog/same-copy", { fields: { main_text_hash: "samehash00000000", word_count: "400" }, url: { inlinks: 1 } });
  // Near copies: SimHashes 2 bits apart (97 % similar), different main texts; a noindex page with the same hash stays out.
  await rule("nearkept", "unknown", "/guides/care", { fields: { main_text_hash: "neara00000000000", simhash: "00000000000000ff", word_count: "400" }, url: { inlinks: 9 } });
  await rule("nearcopy", "duplicate", "/guides/care-copy", { fields: { main_text_hash: "nearb00000000000", simhash: "00000000000003ff", word_count: "400" }, url: { inlinks: 1 } });
  await rule("nearnoindex", "noindex", "/guides/care-print", { fields: { main_text_hash: "nearc00000000000", simhash: "00000000000000ff", word_count: "400" }, url: { indexability: "noindex", metaRobots: "noindex" } });
  await rule("thin", "thin", "/tags/a", { fields: { word_count: "60" } });
  await rule("orphan", "orphan", "/blog/lonely", { url: { orphan: true, inlinks: 0, clickDepth: null } });
  await rule("nofollow", "nofollow_only", "/blog/nofollowed", { url: { inlinksNofollowOnly: true } });
  await rule("deep", "deep", "/archive/2019/01/x", { url: { clickDepth: 7 } });
  await rule("discovered", "not_crawled", "/blog/discovered", { url: { engineAState: "discovered_not_indexed", engineALastCrawlAt: null, lastGooglebotFetchAt: null } });
  await rule("stale", "crawl_stale", "/blog/stale", { url: { engineALastCrawlAt: new Date(Date.now() - 200 * DAY), lastGooglebotFetchAt: new Date(Date.now() - 150 * DAY) } });
  await rule("nositemap", "not_in_sitemap", "/blog/unlisted", { url: { sitemapId: null } });
  await rule("unexplained", "unknown", "/blog/plain");
}

const base = () => `http://127.0.0.1:3000/api/user/organizations/${project.organizationId}/projects/${project.id}`;
const params = (extra: Record<string, string> = {}) => ({ organizationId: project.organizationId, id: project.id, ...extra });
/** The project's stored causes by URL (a URL without a url_causes row: neither engine has a cause). */
async function causesNow() {
  const rows = new Map((await db.urlCause.findMany({ where: { projectId: project.id }, select: { trackedUrlId: true, engineACause: true, engineBCause: true } }))
    .map((r) => [r.trackedUrlId, r]));
  return { get: (id: string) => rows.get(id) ?? { trackedUrlId: id, engineACause: null, engineBCause: null }, has: (id: string) => rows.has(id) };
}
/** URL `id`'s stored causes (url_causes; no row: neither engine has a cause). */
const causesOf = async (id: string) => (await db.urlCause.findUnique({ where: { trackedUrlId: id } })) ?? { engineACause: null, engineBCause: null };

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestTenant("diagnosis-alice"), createTestTenant("diagnosis-mallory")]);
  project = await createTestProject(alice);
  await seed();
  await computeDiagnosis(alice.ctx, project.id);
});

describe("the ordered rule set", () => {
  it("gives each URL Google doesn't index the first cause that holds, rule by rule", async () => {
    const rows = await causesNow();
    for (const [name, cause] of Object.entries(EXPECTED)) expect([name, rows.get(ids.get(name)!)!.engineACause]).toEqual([name, cause]);
    // Every rule of the set is exercised by one page at least.
    expect(new Set(Object.values(EXPECTED).filter(Boolean))).toEqual(new Set(CAUSES));
  });

  it("Bing's causes follow its own state and crawler (no Google canonical, no discovered state)", async () => {
    const rows = await causesNow();
    expect(rows.get(ids.get("indexed")!)!.engineBCause).toBeNull();
    expect(rows.get(ids.get("error")!)!.engineBCause).toBe("http_error");
    expect(rows.get(ids.get("noverdict")!)!.engineBCause).toBe("no_fresh_verdict");
    expect(rows.get(ids.get("googlecanonical")!)!.engineBCause).toBe("unknown");
    expect(rows.get(ids.get("discovered")!)!.engineBCause).toBe("unknown");
  });

  it("a second run writes nothing, and a fixed page loses its cause", async () => {
    expect((await computeDiagnosis(alice.ctx, project.id)).changed).toBe(0);
    await db.trackedUrl.update({ where: { id: ids.get("thin")! }, data: { engineAState: "indexed", engineBState: "indexed" } });
    expect((await computeDiagnosis(alice.ctx, project.id)).changed).toBe(1);
    expect((await causesNow()).has(ids.get("thin")!)).toBe(false); // both engines index it: its row goes
    await db.trackedUrl.update({ where: { id: ids.get("thin")! }, data: { engineAState: "crawled_not_indexed", engineBState: "not_indexed" } });
    await computeDiagnosis(alice.ctx, project.id);
    expect((await causesNow()).get(ids.get("thin")!)!.engineACause).toBe("thin");
  });

  it("a changed input (snapshot, link facts, render) rewrites exactly that URL's row; an unchanged run rewrites no row", async () => {
    // xmin: the transaction that last wrote each url_causes row, so a row rewritten with equal values still shows.
    const versions = async (table: "url_causes" | "url_facts" = "url_causes") => new Map((await db.$queryRaw<{ id: string; v: string }[]>(Prisma.sql`
      SELECT tracked_url_id::text AS id, xmin::text AS v FROM ${Prisma.raw(table)} WHERE project_id = ${project.id}::uuid`)).map((r) => [r.id, r.v]));
    const rewritten = async (before: Map<string, string>) => [...(await versions())].filter(([id, v]) => before.get(id) !== v).map(([id]) => id);
    const id = ids.get("unexplained")!;
    let before = await versions();
    const links = await versions("url_facts");
    expect((await computeDiagnosis(alice.ctx, project.id)).changed).toBe(0);
    expect(await rewritten(before)).toEqual([]);
    expect(await rewritten(before)).toEqual([]);

    await db.urlFieldSnapshot.update({ where: { trackedUrlId: id }, data: { fields: { title: "Plain", h1: "Plain", main_text_hash: "plain000", word_count: "50" } } });
    before = await versions();
    expect((await computeDiagnosis(alice.ctx, project.id)).changed).toBe(1);
    expect(await rewritten(before)).toEqual([id]);
    expect(await causesOf(id)).toMatchObject({ engineACause: "thin", engineBCause: "thin" });

    await db.urlFieldSnapshot.update({ where: { trackedUrlId: id }, data: { fields: { title: "Plain", h1: "Plain", main_text_hash: "plain000", word_count: "500" } } });
    await db.urlFact.update({ where: { trackedUrlId: id }, data: { clickDepth: 6 } });
    before = await versions();
    expect((await computeDiagnosis(alice.ctx, project.id)).changed).toBe(1);
    expect(await rewritten(before)).toEqual([id]);
    expect((await causesOf(id)).engineACause).toBe("deep");
    // The diagnosis never writes the link graph's rows (only this test's own update touched one).
    expect([...(await versions("url_facts"))].filter(([u, v]) => links.get(u) !== v).map(([u]) => u)).toEqual([id]);

    await db.urlFact.update({ where: { trackedUrlId: id }, data: { clickDepth: 1 } });
    await db.urlRender.create({
      data: { trackedUrlId: id, organizationId: project.organizationId, projectId: project.id, url: `https://${project.domain}/blog/plain`, source: "on_demand",
        status: "rendered", renderedAt: recent(), durationMs: 100, raw: { noindex: false, metaRobots: [] }, rendered: { noindex: true, metaRobots: ["noindex"] } },
    });
    before = await versions();
    await computeDiagnosis(alice.ctx, project.id);
    expect(await rewritten(before)).toEqual([id]);
    expect(await causesOf(id)).toMatchObject({ engineACause: "noindex_rendered", engineBCause: "noindex_rendered" });

    await db.urlRender.delete({ where: { trackedUrlId: id } });
    await computeDiagnosis(alice.ctx, project.id);
    expect(await causesOf(id)).toMatchObject({ engineACause: "unknown", engineBCause: "unknown" });
    before = await versions();
    expect((await computeDiagnosis(alice.ctx, project.id)).changed).toBe(0);
    expect(await rewritten(before)).toEqual([]);
  });

  it("without server logs a missing crawler visit proves nothing; with them, a never-fetched page is not_crawled", async () => {
    const other = await createTestProject(alice);
    const saved = project;
    project = other;
    try {
      const id = await page("nologs", "/a/b", { url: { lastGooglebotFetchAt: null, lastBingbotFetchAt: null, engineALastCrawlAt: null } });
      await computeDiagnosis(alice.ctx, other.id);
      expect(await causesOf(id)).toMatchObject({ engineACause: "unknown", engineBCause: "unknown" });
      await page("withlogs", "/a/c", { url: { lastBingbotFetchAt: recent() } });
      await computeDiagnosis(alice.ctx, other.id);
      expect((await causesOf(id)).engineBCause).toBe("not_crawled");
    } finally {
      project = saved;
    }
  });
});

describe("GET diagnosis, duplicates and a URL's diagnosis", () => {
  it("counts causes by section with samples and the fix, per engine", async () => {
    const { res, body } = await call(diagnosisRoute.GET, { url: `${base()}/diagnosis`, headers: bearer(alice.sessionToken), params: params() });
    expect(res.status).toBe(200);
    const d = body.data;
    expect(d.engine).toBe("engineA");
    expect(d.notIndexed).toBe(Object.values(EXPECTED).filter(Boolean).length);
    expect(d.diagnosedAt).toEqual(expect.any(String));
    const soft = d.causes.find((c: { cause: string }) => c.cause === "soft_404");
    expect(soft).toMatchObject({ urls: 2, bySection: [{ section: "/shop/", urls: 2 }], fix: expect.stringContaining("404"), label: "Soft 404" });
    expect(soft.sampleUrls).toHaveLength(2);
    expect(d.causes.map((c: { cause: string }) => c.cause)).toEqual(CAUSES.filter((c) => d.causes.some((x: { cause: string }) => x.cause === c)));
    expect(d.sections[0]).toEqual({ section: "/blog/", notIndexed: expect.any(Number) });
    const bing = await call(diagnosisRoute.GET, { url: `${base()}/diagnosis?engine=engineB`, headers: bearer(alice.sessionToken), params: params() });
    expect(bing.body.data.causes.some((c: { cause: string }) => c.cause === "google_chose_other_canonical")).toBe(false);
    expect((await call(diagnosisRoute.GET, { url: `${base()}/diagnosis?engine=google`, headers: bearer(alice.sessionToken), params: params() })).res.status).toBe(400);
  });

  it("POST diagnoses now and answers the causes", async () => {
    const { res, body } = await call(diagnosisRoute.POST, { method: "POST", url: `${base()}/diagnosis`, headers: bearer(alice.sessionToken), params: params() });
    expect(res.status).toBe(200);
    expect(body.data.notIndexed).toBeGreaterThan(10);
  });

  it("lists duplicate groups with the kept page first", async () => {
    const { res, body } = await call(duplicatesRoute.GET, { url: `${base()}/duplicates?kind=content`, headers: bearer(alice.sessionToken), params: params() });
    expect(res.status).toBe(200);
    const content = [{ kind: "content", key: "samehash00000000", urls: 2, canonicalUrl: `https://${project.domain}/blog/same`,
      sampleUrls: [`https://${project.domain}/blog/same`, `https://${project.domain}/blog/same-copy`], similarity: null }];
    expect(body.data).toEqual(content);
    expect(body.meta).toMatchObject({ total: 1, hasMore: false });
    // Without `kind`: the exact main-text groups, as before near-duplicates existed.
    expect((await call(duplicatesRoute.GET, { url: `${base()}/duplicates`, headers: bearer(alice.sessionToken), params: params() })).body.data).toEqual(content);
    const near = await call(duplicatesRoute.GET, { url: `${base()}/duplicates?kind=near_content`, headers: bearer(alice.sessionToken), params: params() });
    expect(near.res.status).toBe(200);
    expect(near.body.data).toEqual([{ kind: "near_content", key: "neara00000000000", urls: 2, canonicalUrl: `https://${project.domain}/guides/care`,
      sampleUrls: [`https://${project.domain}/guides/care`, `https://${project.domain}/guides/care-copy`], similarity: 97 }]);
    for (const kind of ["garbage", "NEAR_CONTENT", "near_content%00", ""]) {
      const bad = await call(duplicatesRoute.GET, { url: `${base()}/duplicates?kind=${kind}`, headers: bearer(alice.sessionToken), params: params() });
      expect([kind, bad.res.status, bad.body.code]).toEqual([kind, 400, "VALIDATION_ERROR"]);
    }
    const titles = await call(duplicatesRoute.GET, { url: `${base()}/duplicates?kind=title`, headers: bearer(alice.sessionToken), params: params() });
    expect(titles.body.data).toEqual([]);
    expect((await call(duplicatesRoute.GET, { url: `${base()}/duplicates?kind=links`, headers: bearer(alice.sessionToken), params: params() })).res.status).toBe(400);
  });

  it("a URL's diagnosis has the cause, evidence and fix per engine", async () => {
    const urlId = ids.get("copy")!;
    const { res, body } = await call(urlDiagnosisRoute.GET, { url: `${base()}/urls/${urlId}/diagnosis`, headers: bearer(alice.sessionToken), params: params({ urlId }) });
    expect(res.status).toBe(200);
    expect(body.data.engineA).toMatchObject({ indexed: false, cause: "duplicate", fix: expect.any(String) });
    expect(body.data.engineA.evidence[0]).toMatchObject({ source: "content", text: expect.stringContaining(`https://${project.domain}/blog/same `) });
    expect(body.data.engineA.evidence.at(-1)).toMatchObject({ source: "engine", text: expect.stringContaining("Google") });
    const ok = ids.get("indexed")!;
    const indexed = await call(urlDiagnosisRoute.GET, { url: `${base()}/urls/${ok}/diagnosis`, headers: bearer(alice.sessionToken), params: params({ urlId: ok }) });
    expect(indexed.body.data.engineA).toEqual({ indexed: true, cause: null, label: null, evidence: [], fix: null });
    const nearId = ids.get("nearcopy")!;
    const near = await call(urlDiagnosisRoute.GET, { url: `${base()}/urls/${nearId}/diagnosis`, headers: bearer(alice.sessionToken), params: params({ urlId: nearId }) });
    expect(near.body.data.engineA).toMatchObject({ cause: "duplicate", label: "Duplicate content" });
    expect(near.body.data.engineA.evidence[0]).toMatchObject({ source: "content", text: `Its main text is 97 % similar to https://${project.domain}/guides/care (2 pages are near copies of each other; that one is kept).` });
    const gc = ids.get("googlecanonical")!;
    const chose = await call(urlDiagnosisRoute.GET, { url: `${base()}/urls/${gc}/diagnosis`, headers: bearer(alice.sessionToken), params: params({ urlId: gc }) });
    expect(chose.body.data.engineA.evidence[0].text).toContain(`Google chose https://${project.domain}/blog/main`);
  });

  it("the URL detail carries the diagnosis, and the TrackedUrl its link facts and cause", async () => {
    const urlId = ids.get("orphan")!;
    const { res, body } = await call(urlDetailRoute.GET, { url: `${base()}/urls/${urlId}/detail`, headers: bearer(alice.sessionToken), params: params({ urlId }) });
    expect(res.status).toBe(200);
    expect(body.data.diagnosis.engineA.cause).toBe("orphan");
    expect(body.data.url).toMatchObject({ inlinks: 0, clickDepth: null, orphan: true, notIndexedCause: "orphan" });
  });

  it("another organization gets 404 everywhere", async () => {
    const urlId = ids.get("copy")!;
    for (const { res } of [
      await call(diagnosisRoute.GET, { url: `${base()}/diagnosis`, headers: bearer(mallory.sessionToken), params: params() }),
      await call(diagnosisRoute.POST, { method: "POST", url: `${base()}/diagnosis`, headers: bearer(mallory.sessionToken), params: params() }),
      await call(duplicatesRoute.GET, { url: `${base()}/duplicates`, headers: bearer(mallory.sessionToken), params: params() }),
      await call(urlDiagnosisRoute.GET, { url: `${base()}/urls/${urlId}/diagnosis`, headers: bearer(mallory.sessionToken), params: params({ urlId }) }),
    ]) expect(res.status).toBe(404);
    const { res } = await call(urlDiagnosisRoute.GET, { url: `${base()}/urls/${crypto.randomUUID()}/diagnosis`, headers: bearer(alice.sessionToken), params: params({ urlId: crypto.randomUUID() }) });
    expect(res.status).toBe(404);
  });
});

describe("the URL list's cause, orphan and depth filters", () => {
  const list = async (q: string) => call(urlsRoute.GET, { url: `${base()}/urls?${q}`, headers: bearer(alice.sessionToken), params: params() });
  it("filters by cause (the URL's, or one engine's), orphan and minimum depth", async () => {
    const byCause = await list("cause=soft_404");
    expect(byCause.res.status).toBe(200);
    expect(byCause.body.data.map((u: { url: string }) => new URL(u.url).pathname).sort()).toEqual(["/shop/empty", "/shop/old-product"]);
    expect(byCause.body.meta!.total).toBe(2);
    expect((await list("cause=google_chose_other_canonical&causeEngine=engineB")).body.meta!.total).toBe(0);
    expect((await list("cause=google_chose_other_canonical&causeEngine=engineA")).body.meta!.total).toBe(1);
    expect((await list("orphan=true")).body.data.map((u: { id: string }) => u.id)).toEqual([ids.get("orphan")]);
    expect((await list("clickDepthMin=5")).body.data.map((u: { id: string }) => u.id)).toEqual([ids.get("deep")]);
    expect((await list("orphan=false")).body.meta!.total).toBe(Object.keys(EXPECTED).length - 1);
  });
  it("answers a cause or orphan filter's total from counters its triggers keep equal to a recount, a deleted URL included", async () => {
    const counted = async () => (await db.$queryRaw<{ facet: string; value: string; urls: number }[]>(Prisma.sql`
      SELECT facet, value, urls FROM url_facet_counts WHERE project_id = ${project.id}::uuid AND facet IN ('cause_any', 'cause_engine_a', 'cause_engine_b', 'orphan') AND urls <> 0
      ORDER BY facet, value`));
    const recount = async () => (await db.$queryRaw<{ facet: string; value: string; urls: number }[]>(Prisma.sql`
      SELECT f.facet, f.value, count(*)::int AS urls FROM url_causes x
      CROSS JOIN LATERAL (VALUES ('cause_any', x.not_indexed_cause::text), ('cause_engine_a', x.engine_a_cause::text),
                                 ('cause_engine_b', x.engine_b_cause::text)) AS f(facet, value)
      WHERE x.project_id = ${project.id}::uuid AND f.value IS NOT NULL GROUP BY f.facet, f.value
      UNION ALL
      SELECT 'orphan', x.orphan::text, count(*)::int FROM url_facts x WHERE x.project_id = ${project.id}::uuid AND x.orphan IS NOT NULL GROUP BY 2
      ORDER BY 1, 2`));
    const truth = await recount();
    expect(truth.length).toBeGreaterThan(4);
    expect(await counted()).toEqual(truth);
    const before = Number((await list("cause=soft_404")).body.meta!.total);
    const extra = await db.trackedUrl.create({ data: { organizationId: project.organizationId, projectId: project.id, url: `https://${project.domain}/extra-facet`, source: "manual" } });
    await db.urlFact.create({ data: { trackedUrlId: extra.id, projectId: project.id, discoveredAt: extra.discoveredAt, orphan: true } });
    await db.urlCause.create({ data: { trackedUrlId: extra.id, projectId: project.id, discoveredAt: extra.discoveredAt, engineACause: "soft_404" } });
    expect((await list("cause=soft_404")).body.meta!.total).toBe(before + 1);
    expect(await counted()).toEqual(await recount());
    await db.urlCause.update({ where: { trackedUrlId: extra.id }, data: { engineACause: "thin" } });
    expect((await list("cause=soft_404")).body.meta!.total).toBe(before);
    expect(await counted()).toEqual(await recount());
    await db.trackedUrl.delete({ where: { id: extra.id } }); // its facts and causes go with it (cascade), and so do their counts
    expect(await db.urlCause.count({ where: { trackedUrlId: extra.id } })).toBe(0);
    expect(await counted()).toEqual(truth);
  });
  it("refuses bad values with a 400 envelope", async () => {
    for (const q of ["cause=lazy", "orphan=yes", "clickDepthMin=-1", "clickDepthMin=abc", "causeEngine=google"]) {
      const { res, body } = await list(q);
      expect([q, res.status, body.code]).toEqual([q, 400, "VALIDATION_ERROR"]);
    }
  });
});

describe("content issues", () => {
  it("raises duplicate_content for the copies and soft_404_suspect for soft 404s", async () => {
    const issues = await db.issue.findMany({ where: { projectId: project.id, type: { in: ["duplicate_content", "soft_404_suspect"] } }, select: { type: true, affectedUrlCount: true, status: true } });
    expect(issues.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: "duplicate_content", affectedUrlCount: 1, status: "open" }, { type: "soft_404_suspect", affectedUrlCount: 2, status: "open" },
    ]);
  });
  it("resolves soft_404_suspect when the page answers 404 instead", async () => {
    await db.trackedUrl.updateMany({ where: { id: { in: [ids.get("soft404")!, ids.get("empty")!] } }, data: { healthState: "client_error", httpStatus: 410 } });
    await computeDiagnosis(alice.ctx, project.id);
    expect((await db.issue.findFirstOrThrow({ where: { projectId: project.id, type: "soft_404_suspect" } })).status).toBe("resolved");
  });
});

describe("the diagnosis jobs", () => {
  it("the hourly job diagnoses each due project in its own step; the event diagnoses one project", async () => {
    const p = await createTestProject(alice);
    const saved = project;
    project = p;
    try {
      const id = await page("job", "/blog/x", { url: { orphan: true } });
      expect((await listProjectsDueForDiagnosis(new Date(), 100_000)).map((x) => x.projectId)).toContain(p.id);
      const due = [{ organizationId: p.organizationId, projectId: p.id }];
      const run = await runUnderInngest(diagnoseProjectsFn, { memoized: { list: due } });
      expect(run.error).toBeUndefined();
      expect(run.steps).toEqual([`diagnose-${p.id}`]);
      expect(run.result).toEqual({ projects: 1, diagnosed: 1 });
      expect((await causesOf(id)).engineACause).toBe("orphan");
      expect((await listProjectsDueForDiagnosis(new Date(), 100_000)).map((x) => x.projectId)).not.toContain(p.id);

      await db.urlFact.update({ where: { trackedUrlId: id }, data: { orphan: false } });
      const one = await runUnderInngest(diagnoseRequestedFn, { events: [{ name: "diagnosis/requested", data: due[0] }] });
      expect(one.error).toBeUndefined();
      expect(one.result).toMatchObject({ projectId: p.id, changed: 1 });
      expect((await causesOf(id)).engineACause).toBe("unknown");
    } finally {
      project = saved;
    }
  });
});
