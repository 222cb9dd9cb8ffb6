// Site watch part B against our fake site: field changes recorded once per change (an unchanged audit
// writes nothing), a template change opens one site change (not one per URL) that names the deploy
// before it, a timestamp in every title makes none, the revert closes it, "intended" through the API,
// the URL's history in words, and tenancy (another organization's ids answer 404).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as siteChangesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/site-changes/route";
import * as siteChangeRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/site-changes/[changeId]/route";
import * as urlChangesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/changes/route";
import { db } from "@/lib/db";
import { recentEvents } from "@/lib/events/event-log";
import { inspectPlannedProject } from "@/lib/inspections/inspect-planned-project";
import { bounded, changeKinds, MAX_VALUE_CHARS } from "@/lib/site-watch/field-history";
import { recordSitemapUrlCount } from "@/lib/site-watch/site-changes";
import { createTestTenant, type TestTenant } from "../factories";
import { bearer, call } from "../http";
import { addUrls, automatedProject, planned, setBalance, siteRunner } from "../inspections/helpers";
import { SitemapSite } from "../sitemaps/helpers";

// Several cycles of real audits per test: generous on a shared, loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let site: SitemapSite;
let owner: TestTenant;
let attacker: TestTenant;
beforeAll(async () => {
  site = await SitemapSite.start();
  owner = await createTestTenant("sc-owner");
  attacker = await createTestTenant("sc-attacker");
  await setBalance(owner.organizationId, 10_000);
});
afterAll(() => site.close());

type Page = { canonical?: string; title?: string; robots?: string };

function serve(domain: string, paths: string[], page: (path: string, i: number) => Page) {
  site.set(domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
  paths.forEach((path, i) => {
    const p = page(path, i);
    const head = `<title>${p.title ?? `Product ${i}`}</title><meta name="description" content="About product ${i}">`
      + `${p.canonical === "" ? "" : `<link rel="canonical" href="${p.canonical ?? path}">`}${p.robots ? `<meta name="robots" content="${p.robots}">` : ""}`
      + `<link rel="alternate" hreflang="de" href="https://${domain}/de${path}">`
      + `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","offers":{"@type":"Offer"}}</script>`;
    const body = `<nav><a href="/">Home</a><a href="/products/">All</a></nav><main><h1>Product ${i}</h1><p>A fine product, number ${i}, in stock.</p>`
      + `<a href="/products/p${i + 1}">next</a><a href="https://elsewhere.example/">out</a></main><footer>© Shop</footer>`;
    site.set(domain, path, { body: `<!doctype html><html><head>${head}</head><body>${body}</body></html>`, contentType: "text/html" });
  });
}

async function cycle(p: Awaited<ReturnType<typeof automatedProject>>, domain: string, now = new Date()) {
  await db.trackedUrl.updateMany({ where: { projectId: p.id }, data: { nextInspectionAt: new Date(now.getTime() - 60_000) } });
  return inspectPlannedProject(planned(p, 1000), { runner: siteRunner(site.fetcher([domain])), now: () => now });
}

const base = (projectId: string, orgId = owner.organizationId) => `http://127.0.0.1:3000/api/user/organizations/${orgId}/projects/${projectId}`;
const headers = () => bearer(owner.sessionToken);

describe("field history and site changes", () => {
  it("records each change once, opens one site change for a template with its deploy, ignores timestamps, closes on revert", async () => {
    const domain = site.domain("sc");
    const p = await automatedProject({ ...owner }, { domain });
    const products = await addUrls(p, 24, null, "products/p");
    const blog = await addUrls(p, 4, null, "blog/b");
    const paths = [...products, ...blog].map((u) => new URL(u.url).pathname);
    let t = Date.now();
    const at = () => new Date((t += 60_000));
    serve(domain, paths, (_path, i) => ({ title: `Product ${i} at 12:0${i % 10}` }));
    expect(await cycle(p, domain, at())).toMatchObject({ inspected: 28, failed: 0 });
    expect(await db.urlFieldSnapshot.count({ where: { projectId: p.id } })).toBe(28);
    expect(await db.urlFieldChange.count({ where: { projectId: p.id } })).toBe(0);
    const snap = await db.urlFieldSnapshot.findUniqueOrThrow({ where: { trackedUrlId: products[3].id } });
    expect(snap.fields).toMatchObject({
      status: "200", canonical: products[3].url, title: "Product 3 at 12:03", meta_description: "About product 3", h1: "Product 3",
      hreflang: `de https://${domain}/de${new URL(products[3].url).pathname}`, structured_data_types: "Offer, Product", word_count: "10", internal_links: "3", meta_robots: null,
    });

    // An unchanged audit writes nothing new.
    await cycle(p, domain, at());
    expect(await db.urlFieldChange.count({ where: { projectId: p.id } })).toBe(0);

    // A deploy, then the template points every product's canonical at the home page; every title's clock moved.
    // (Recorded directly: a deploy through the API also runs the sentinels, which deploys.test.ts covers.)
    const deploy = await db.deploy.create({ data: { organizationId: owner.organizationId, projectId: p.id, at: at(), ref: "v2.3.1", source: "api" } });
    serve(domain, paths, (path, i) => ({ title: `Product ${i} at 13:1${i % 10}`, canonical: path.startsWith("/products/") ? "/" : path }));
    await cycle(p, domain, at());
    const canonicals = await db.urlFieldChange.findMany({ where: { projectId: p.id, field: "canonical" } });
    expect(canonicals).toHaveLength(24);
    expect(canonicals[0]).toMatchObject({ fromKind: "self", toKind: "home", source: "audit", toValue: `https://${domain}/` });
    expect(canonicals[0].auditId).not.toBeNull();
    const titles = await db.urlFieldChange.findMany({ where: { projectId: p.id, field: "title" } });
    expect(titles).toHaveLength(28); // kept in each URL's history…
    expect(titles.every((c) => c.fromKind === c.toKind)).toBe(true); // …but digits only: noise to site changes

    const changes = await db.siteChange.findMany({ where: { projectId: p.id } });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ field: "canonical", fromKind: "self", toKind: "home", urlCount: 24, sections: ["products"], deployId: deploy.id, status: "open" });
    expect(changes[0].sampleUrls).toHaveLength(10);
    const detected = recentEvents("site_change.detected").filter((e) => e.data.projectId === p.id);
    expect(detected).toHaveLength(1);
    expect(detected[0].data).toMatchObject({ urlCount: 24, from: "self", to: "home", deployId: deploy.id });
    expect(await db.notification.count({ where: { userId: owner.userId, type: "site_change_detected" } })).toBe(1);

    // The same state again: nothing new, still one change, no second alert.
    await cycle(p, domain, at());
    expect(await db.urlFieldChange.count({ where: { projectId: p.id, field: "canonical" } })).toBe(24);
    expect(await db.siteChange.count({ where: { projectId: p.id } })).toBe(1);

    // The API lists it, open first, with its words; the URL's history in words.
    const list = await call(siteChangesRoute.GET, { url: `${base(p.id)}/site-changes?status=open`, headers: headers(), params: { organizationId: owner.organizationId, id: p.id } });
    expect(list.res.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: changes[0].id, field: "canonical", from: "self", to: "home", urlCount: 24, deployId: deploy.id });
    expect(list.body.data[0].text).toContain("home page");
    const hist = await call(urlChangesRoute.GET, { url: `${base(p.id)}/urls/${products[0].id}/changes`, headers: headers(), params: { organizationId: owner.organizationId, id: p.id, urlId: products[0].id } });
    expect(hist.res.status).toBe(200);
    const texts = hist.body.data.map((c: { text: string }) => c.text);
    expect(texts).toContain(`Canonical changed from ${products[0].url} to https://${domain}/ (the home page)`);
    expect(texts).toContain("Title changed from “Product 0 at 12:00” to “Product 0 at 13:10”");
    expect(hist.body.meta).toMatchObject({ total: 2 });

    // Reverted: the change closes itself and says so once; going back opens no new change.
    serve(domain, paths, (_path, i) => ({ title: `Product ${i} at 13:1${i % 10}` }));
    await cycle(p, domain, at());
    const after = await db.siteChange.findMany({ where: { projectId: p.id } });
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: "reverted" });
    expect(recentEvents("site_change.reverted").filter((e) => e.data.projectId === p.id)).toHaveLength(1);

    // noindex added on the products: a new change, which a person marks intended.
    serve(domain, paths, (path, i) => ({ title: `Product ${i} at 13:1${i % 10}`, robots: path.startsWith("/products/") ? "noindex, follow" : undefined }));
    await cycle(p, domain, at());
    const noindex = await db.siteChange.findFirstOrThrow({ where: { projectId: p.id, field: "meta_robots" } });
    expect(noindex).toMatchObject({ fromKind: "indexable", toKind: "noindex", urlCount: 24, status: "open" });
    const patched = await call(siteChangeRoute.PATCH, {
      method: "PATCH", url: `${base(p.id)}/site-changes/${noindex.id}`, headers: headers(), json: { status: "intended" },
      params: { organizationId: owner.organizationId, id: p.id, changeId: noindex.id },
    });
    expect(patched.res.status).toBe(200);
    expect(patched.body.data).toMatchObject({ status: "intended", urlCount: 24 });
    expect(patched.body.data.urls).toHaveLength(20);
    expect(patched.body.data.urlsMeta).toMatchObject({ total: 24, hasMore: true });
    const bad = await call(siteChangeRoute.PATCH, {
      method: "PATCH", url: `${base(p.id)}/site-changes/${noindex.id}`, headers: headers(), json: { status: "open" },
      params: { organizationId: owner.organizationId, id: p.id, changeId: noindex.id },
    });
    expect(bad.res.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");

    // Tenancy: another organization reads and changes none of it.
    const theirs = { organizationId: attacker.organizationId, id: p.id, changeId: noindex.id };
    const foreign = await call(siteChangeRoute.GET, { url: `${base(p.id, attacker.organizationId)}/site-changes/${noindex.id}`, headers: bearer(attacker.sessionToken), params: theirs });
    expect(foreign.res.status).toBe(404);
    const foreignPatch = await call(siteChangeRoute.PATCH, {
      method: "PATCH", url: `${base(p.id, attacker.organizationId)}/site-changes/${noindex.id}`, headers: bearer(attacker.sessionToken), json: { status: "intended" }, params: theirs,
    });
    expect(foreignPatch.res.status).toBe(404);
    const foreignHist = await call(urlChangesRoute.GET, {
      url: `${base(p.id, attacker.organizationId)}/urls/${products[0].id}/changes`, headers: bearer(attacker.sessionToken),
      params: { organizationId: attacker.organizationId, id: p.id, urlId: products[0].id },
    });
    expect(foreignHist.res.status).toBe(404);
    const wrongProject = await call(siteChangeRoute.GET, {
      url: `${base(p.id)}/site-changes/00000000-0000-4000-8000-000000000000`, headers: headers(),
      params: { organizationId: owner.organizationId, id: p.id, changeId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(wrongProject.res.status).toBe(404);
    const badStatus = await call(siteChangesRoute.GET, { url: `${base(p.id)}/site-changes?status=closed`, headers: headers(), params: { organizationId: owner.organizationId, id: p.id } });
    expect(badStatus.res.status).toBe(400);
  });

  it("a section's 5 % is enough; fewer URLs than that make no site change", async () => {
    const domain = site.domain("sc5");
    const p = await automatedProject({ ...owner }, { domain });
    const docs = await addUrls(p, 40, null, "docs/d");
    const paths = docs.map((u) => new URL(u.url).pathname);
    let t = Date.now();
    const at = () => new Date((t += 60_000));
    serve(domain, paths, () => ({}));
    await cycle(p, domain, at());
    // 2 URLs of 40 lose their title: under 3 URLs, no change.
    serve(domain, paths, (_path, i) => ({ title: i < 2 ? "" : undefined }));
    await cycle(p, domain, at());
    expect(await db.siteChange.count({ where: { projectId: p.id } })).toBe(0);
    // 4 of 40 (10 % of /docs/): a site change, "title emptied".
    serve(domain, paths, (_path, i) => ({ title: i < 4 ? "" : undefined }));
    await cycle(p, domain, at());
    const change = await db.siteChange.findFirstOrThrow({ where: { projectId: p.id } });
    expect(change).toMatchObject({ field: "title", fromKind: "present", toKind: "empty", urlCount: 4, sections: ["docs"] });
  });
});

describe("sitemaps' URL counts", () => {
  it("a drop of over 20 % between syncs is a site change, which closes when the count comes back", async () => {
    const p = await automatedProject({ ...owner }, { domain: site.domain("smc") });
    const ref = { organizationId: owner.organizationId, projectId: p.id };
    expect(await recordSitemapUrlCount(ref, 1000, 850)).toBeNull(); // -15 %: nothing
    const id = await recordSitemapUrlCount(ref, 1000, 700);
    expect(id).not.toBeNull();
    const change = await db.siteChange.findUniqueOrThrow({ where: { id: id! } });
    expect(change).toMatchObject({ field: "sitemap_url_count", fromKind: "count", toKind: "dropped", urlCount: 300, status: "open", detail: { before: 1000, after: 700 } });
    expect(recentEvents("site_change.detected").filter((e) => e.data.siteChangeId === id)[0].data.text).toBe("Sitemaps list 700 URLs, down from 1000");
    expect(await recordSitemapUrlCount(ref, 700, 650)).toBeNull(); // still down: no second change
    expect(await db.siteChange.count({ where: { projectId: p.id } })).toBe(1);
    await recordSitemapUrlCount(ref, 650, 990);
    expect(await db.siteChange.findUniqueOrThrow({ where: { id: id! } })).toMatchObject({ status: "reverted" });
  });
});

describe("bounded values and kinds", () => {
  it("a 1 MB title keeps 1,024 characters and a hash of the whole", () => {
    const huge = "x".repeat(1_000_000);
    const kept = bounded(huge)!;
    expect(kept.length).toBeLessThan(MAX_VALUE_CHARS + 60);
    expect(kept.startsWith("x".repeat(MAX_VALUE_CHARS))).toBe(true);
    expect(bounded(`${huge}y`)).not.toBe(kept);
    expect(bounded("short")).toBe("short");
  });

  it("normalises kinds: noindex added, canonical to the home page, status, digits-only text", () => {
    const url = "https://shop.example/products/a";
    expect(changeKinds("meta_robots", null, "NOINDEX,follow", url)).toEqual({ fromKind: "indexable", toKind: "noindex" });
    expect(changeKinds("x_robots_tag", "googlebot: none", null, url)).toEqual({ fromKind: "noindex", toKind: "indexable" });
    expect(changeKinds("canonical", url, "https://shop.example/", url)).toEqual({ fromKind: "self", toKind: "home" });
    expect(changeKinds("canonical", url, "https://other.example/a", url)).toEqual({ fromKind: "self", toKind: "other_host" });
    expect(changeKinds("status", "200", "404", url)).toEqual({ fromKind: "200", toKind: "404" });
    expect(changeKinds("title", "Deals 12:01", "Deals 12:02", url)).toEqual({ fromKind: "present", toKind: "present" });
    expect(changeKinds("title", "Deals", "Offers", url)).toEqual({ fromKind: "present", toKind: "changed" });
    expect(changeKinds("hreflang", "de https://x/de", null, url)).toEqual({ fromKind: "present", toKind: "none" });
  });
});
