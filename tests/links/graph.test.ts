import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { inspectPlannedProject } from "@/lib/inspections/inspect-planned-project";
import { runLinkGraph } from "@/lib/links/run-graph";
import { withFacts } from "@/lib/urls/internal";
import { createTestUser } from "../factories";
import { SitemapSite } from "../sitemaps/helpers";
import { automatedProject, planned, siteRunner } from "../inspections/helpers";
import { page, serveLinkSite, TRACKED } from "./site";

let site: SitemapSite;
beforeAll(async () => {
  site = await SitemapSite.start();
});
afterAll(() => site.close());

const past = () => new Date(Date.now() - 60_000);

async function track(p: { id: string; organizationId: string; domain: string }, paths: string[]) {
  await db.trackedUrl.createMany({
    data: paths.map((path) => ({ organizationId: p.organizationId, projectId: p.id, url: `https://${p.domain}${path}`, source: "manual" as const, nextInspectionAt: past() })),
  });
}

/** The project's URLs by path, each with its link graph facts (url_facts; null before the graph was computed). */
async function byPath(projectId: string) {
  const rows = await db.trackedUrl.findMany({ where: { projectId }, include: { facts: true, causes: true } });
  return new Map(rows.map((r) => [new URL(r.url).pathname, withFacts(r)]));
}

describe("the link graph, built from the audits of the fake site", () => {
  it("counts inlinks, nofollow-only, click depth and orphans; lists broken links with their sources and unlisted pages", async () => {
    const u = await createTestUser("links-graph");
    const p = await automatedProject(u, { domain: site.domain("links") });
    serveLinkSite(site, p.domain);
    await track(p, TRACKED);
    const runner = siteRunner(site.fetcher([p.domain]));
    await inspectPlannedProject(planned(p, 100), { runner });

    const run = await runLinkGraph({ organizationId: p.organizationId, projectId: p.id }, { runner });
    expect(run.complete).toBe(true);
    expect(run.unlistedFetched).toBeGreaterThan(0);
    const urls = await byPath(p.id);
    // Home: linked from /a, /b, /orphan and /sub/c (unlisted: depth only), not by its own self-link.
    expect(urls.get("/")).toMatchObject({ inlinks: 3, clickDepth: 0, orphan: false, inlinksNofollowOnly: false });
    expect(urls.get("/a")).toMatchObject({ inlinks: 1, clickDepth: 1, orphan: false });
    expect(urls.get("/b")).toMatchObject({ inlinks: 2, inlinksNofollowOnly: true, clickDepth: 1 });
    expect(urls.get("/deep/6")).toMatchObject({ inlinks: 1, clickDepth: 6, orphan: false });
    expect(urls.get("/loop2")).toMatchObject({ inlinks: 1, clickDepth: 2 });
    expect(urls.get("/orphan")).toMatchObject({ inlinks: 0, clickDepth: null, orphan: true });

    // Extraction: <base> respected, other schemes, other hosts, malformed hrefs and fragments left out, the www twin kept.
    const nodes = await db.linkNode.findMany({ where: { projectId: p.id } });
    const urlsSeen = new Set(nodes.map((n) => n.url));
    expect(urlsSeen.has(`https://${p.domain}/sub/c`)).toBe(true);
    expect(urlsSeen.has(`https://www.${p.domain}/twin`)).toBe(true);
    expect([...urlsSeen].some((x) => x.includes("other.example") || x.startsWith("mailto") || x.includes("javascript") || x.includes("#"))).toBe(false);
    const home = await db.pageLinks.findFirstOrThrow({ where: { projectId: p.id, trackedUrlId: urls.get("/")!.id }, include: { anchorTexts: true } });
    expect(home.anchorTexts?.anchors).toContain("About & us");
    expect(home.anchorTexts?.anchors).toContain("Image link");

    // Broken: /missing (404, unlisted) and /old (a tracked redirect), both carried by /a.
    const broken = await db.$queryRaw<{ url: string }[]>`
      SELECT n.url FROM link_nodes n LEFT JOIN tracked_urls t ON t.id = n.tracked_url_id LEFT JOIN url_facts uf ON uf.tracked_url_id = t.id
      WHERE n.project_id = ${p.id}::uuid AND (CASE WHEN t.id IS NOT NULL THEN uf.inlinks ELSE n.inlink_pages END) > 0
        AND ((t.id IS NOT NULL AND (t.http_status >= 400 OR t.redirect_hops > 0))
        OR (t.id IS NULL AND n.fetched_at IS NOT NULL AND (n.http_status >= 400 OR n.redirect_target IS NOT NULL)))`;
    const brokenUrls = broken.map((b) => new URL(b.url).pathname);
    expect(brokenUrls, JSON.stringify(brokenUrls.slice(0, 5))).toEqual(expect.arrayContaining(["/missing", "/old"]));
    const issues = await db.issue.findMany({ where: { projectId: p.id, type: { in: ["orphan_page", "broken_internal_link"] } }, include: { memberships: true } });
    const orphanIssue = issues.find((i) => i.type === "orphan_page")!;
    expect(orphanIssue.memberships.map((m) => new URL(m.url).pathname)).toEqual(["/orphan"]);
    const brokenIssue = issues.find((i) => i.type === "broken_internal_link")!;
    expect(brokenIssue.memberships.map((m) => new URL(m.url).pathname).sort()).toEqual(["/a"]);
  });

  it("keeps 1,000 targets of a page with 100,000 links", async () => {
    const u = await createTestUser("links-huge");
    const p = await automatedProject(u, { domain: site.domain("huge") });
    site.set(p.domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
    site.set(p.domain, "/", page("Huge", Array.from({ length: 100_000 }, (_, i) => `<a href=/m/${i}>${i}</a>`).join("")));
    await track(p, ["/"]);
    const runner = siteRunner(site.fetcher([p.domain]));
    await inspectPlannedProject(planned(p, 10), { runner });
    const row = await db.pageLinks.findFirstOrThrow({ where: { projectId: p.id } });
    expect(row.targets.length / 4).toBe(1000);
    expect(row.linksSeen).toBeGreaterThan(40_000); // the first MiB the audit reads
    const run = await runLinkGraph({ organizationId: p.organizationId, projectId: p.id }, { runner });
    expect(run).toMatchObject({ nodes: 1001, edges: 1000, unlistedFetched: 100 });
  });

  it("claims no orphan before a complete cycle (a cycle cut off half way), and claims it once every URL was audited", async () => {
    const u = await createTestUser("links-cycle");
    const p = await automatedProject(u, { domain: site.domain("cycle") });
    site.set(p.domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
    site.set(p.domain, "/", page("Home", `<a href="/x">X</a>`));
    site.set(p.domain, "/x", page("X", "x"));
    site.set(p.domain, "/lonely", page("Lonely", "nobody links here"));
    await track(p, ["/", "/lonely", "/x"]);
    const runner = siteRunner(site.fetcher([p.domain]));
    // Half a cycle: two of three URLs audited.
    await inspectPlannedProject(planned(p, 2), { runner, batchSize: 2 });
    const first = await runLinkGraph({ organizationId: p.organizationId, projectId: p.id }, { runner });
    expect(first.complete).toBe(false);
    let urls = await byPath(p.id);
    const audited = [...urls.values()].filter((x) => x.lastAuditAt);
    expect(audited).toHaveLength(2);
    for (const x of urls.values()) expect(x.orphan === true).toBe(false);

    await inspectPlannedProject(planned(p, 10), { runner });
    const second = await runLinkGraph({ organizationId: p.organizationId, projectId: p.id }, { runner });
    expect(second.complete).toBe(true);
    urls = await byPath(p.id);
    expect(urls.get("/lonely")).toMatchObject({ orphan: true, inlinks: 0 });
    expect(urls.get("/x")).toMatchObject({ orphan: false, clickDepth: 1 });
    // The next run, with no new audit, is not a new complete cycle: the verdict stays.
    const third = await runLinkGraph({ organizationId: p.organizationId, projectId: p.id }, { runner });
    expect(third.complete).toBe(false);
    expect((await byPath(p.id)).get("/lonely")!.orphan).toBe(true);
  });

  it("starts click depth from the target of a home page that redirects", async () => {
    const u = await createTestUser("links-home");
    const p = await automatedProject(u, { domain: site.domain("home") });
    site.set(p.domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
    site.set(p.domain, "/", { status: 301, location: `https://${p.domain}/en/`, body: "" });
    site.set(p.domain, "/en/", page("Home", `<a href="/en/products">Products</a>`));
    site.set(p.domain, "/en/products", page("Products", `<a href="/en/products/1">One</a>`));
    site.set(p.domain, "/en/products/1", page("One", "one"));
    await track(p, ["/", "/en/products", "/en/products/1"]);
    const runner = siteRunner(site.fetcher([p.domain]));
    await inspectPlannedProject(planned(p, 10), { runner });
    await runLinkGraph({ organizationId: p.organizationId, projectId: p.id }, { runner });
    const urls = await byPath(p.id);
    expect(urls.get("/en/products")).toMatchObject({ clickDepth: 1, inlinks: 1 });
    expect(urls.get("/en/products/1")).toMatchObject({ clickDepth: 2, inlinks: 1 });
  });
});
