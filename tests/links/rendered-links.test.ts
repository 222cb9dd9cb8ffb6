// Rendered links join the link graph (issue 37: "Rendered links join the graph for rendered pages"): a client-rendered
// page whose links exist only once its scripts ran gives their targets inlinks after a render (page_links kind 1),
// counted with the page's raw links (a target in both is one link, followed when either is), and a render that
// answers an error takes them out again. The render itself is stored as the renderer stores it (storeRender), from
// the rendered DOM (no browser needed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/core/context";
import { db } from "@/lib/db";
import { inspectPlannedProject } from "@/lib/inspections/inspect-planned-project";
import { getUrlLinks } from "@/lib/links/read-links";
import { runLinkGraph } from "@/lib/links/run-graph";
import { compareFacts, textRatio } from "@/lib/rendering/compare";
import { extractFacts } from "@/lib/rendering/extract";
import { renderedLinksOf, storeRender, type RenderOutcome } from "@/lib/rendering/render-url";
import { createTestUser } from "../factories";
import { SitemapSite } from "../sitemaps/helpers";
import { automatedProject, planned, siteRunner } from "../inspections/helpers";
import { page } from "./site";

let site: SitemapSite;
beforeAll(async () => {
  site = await SitemapSite.start();
});
afterAll(() => site.close());

/** What renderAndCompare answers for a page whose raw HTML is `rawHtml` and whose DOM became `renderedHtml`. */
function rendered(url: string, rawHtml: string, renderedHtml: string, httpStatus = 200): RenderOutcome {
  const raw = extractFacts(rawHtml, url);
  const dom = extractFacts(renderedHtml, url);
  return {
    status: "rendered", failureKind: null, failureReason: null, durationMs: 700, httpStatus, finalUrl: url, raw, rendered: dom,
    differences: compareFacts(raw, dom), consoleErrors: [], failedRequests: [], robotsBlockedResources: [], requestCount: 3, bytes: 4_000,
    textRatio: textRatio(raw, dom), screenshot: null, renderedLinks: renderedLinksOf(renderedHtml, url),
  };
}

describe("rendered links in the link graph", () => {
  it("a client-rendered page's links count once it is rendered; raw and rendered links to one target count once; an error render drops them", async () => {
    const u = await createTestUser("links-rendered");
    const p = await automatedProject(u, { domain: site.domain("rendered") });
    const shell = `<a href="/">Home</a><div id="root">Loading…</div><script src="/app.js"></script>`;
    site.set(p.domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
    site.set(p.domain, "/", page("Home", `<a href="/app">App</a>`));
    site.set(p.domain, "/app", page("App", shell));
    site.set(p.domain, "/app/x", page("X", "x"));
    site.set(p.domain, "/app/y", page("Y", "y"));
    await db.trackedUrl.createMany({
      data: ["/", "/app", "/app/x", "/app/y"].map((path) => ({
        organizationId: p.organizationId, projectId: p.id, url: `https://${p.domain}${path}`, source: "manual" as const, nextInspectionAt: new Date(Date.now() - 60_000),
      })),
    });
    const ids = new Map((await db.trackedUrl.findMany({ where: { projectId: p.id } })).map((r) => [new URL(r.url).pathname, r.id]));
    const runner = siteRunner(site.fetcher([p.domain]));
    const ctx = systemCtx("test", p.organizationId);
    const links = (path: string) => getUrlLinks(ctx, p.id, ids.get(path)!);
    const graph = () => runLinkGraph({ organizationId: p.organizationId, projectId: p.id }, { runner });

    // The raw HTML only: /app/x and /app/y are linked from nowhere (orphans once the cycle is complete).
    await inspectPlannedProject(planned(p, 10), { runner });
    const before = await graph();
    expect(before).toMatchObject({ complete: true, edges: 2 });
    expect(await links("/app/x")).toMatchObject({ inlinks: { pages: 0 }, orphan: true, clickDepth: null });
    expect(await links("/")).toMatchObject({ inlinks: { pages: 1 } });

    // A render of /app: its script wrote two links (one nofollow) beside the raw link home.
    const url = `https://${p.domain}/app`;
    const dom = page("App", `<a href="/">Home</a><div id="root"><a href="/app/x">X, once rendered</a> <a href="/app/y" rel="nofollow">Y</a></div>`).body;
    const ref = { organizationId: p.organizationId, projectId: p.id, trackedUrlId: ids.get("/app")!, url, source: "on_demand" as const };
    await storeRender(ctx, { ...ref, outcome: rendered(url, page("App", shell).body, dom), now: new Date() });
    const row = await db.pageLinks.findMany({ where: { projectId: p.id, trackedUrlId: ids.get("/app")! }, orderBy: { kind: "asc" }, include: { anchorTexts: true } });
    expect(row.map((r) => r.kind)).toEqual([0, 1]);
    expect(row[1].anchorTexts?.anchors).toEqual(["Home", "X, once rendered", "Y"]);

    const after = await graph();
    expect(after.edges).toBe(4); // "/"→/app, /app→"/" (raw and rendered: one edge), /app→/app/x, /app→/app/y
    expect(await links("/app/x")).toMatchObject({ inlinks: { pages: 1, nofollowOnly: false, sample: [{ url, anchorText: "X, once rendered" }] }, orphan: false, clickDepth: 2 });
    expect(await links("/app/y")).toMatchObject({ inlinks: { pages: 1, nofollowOnly: true }, clickDepth: 2 });
    expect(await links("/")).toMatchObject({ inlinks: { pages: 1, nofollowOnly: false } });
    const out = await links("/app");
    expect(out.outlinks.items.map((i) => [new URL(i.url).pathname, i.nofollow])).toEqual([["/", false], ["/app/x", false], ["/app/y", true]]);

    // The nofollow rule across raw and rendered: a followed rendered link to a target the raw HTML links nofollow is followed.
    site.set(p.domain, "/app", page("App", `<a href="/" rel="nofollow">Home</a><div id="root"></div>`));
    await db.trackedUrl.updateMany({ where: { projectId: p.id }, data: { nextInspectionAt: new Date(Date.now() - 60_000) } });
    await inspectPlannedProject(planned(p, 10), { runner });
    expect((await db.pageLinks.findFirstOrThrow({ where: { projectId: p.id, trackedUrlId: ids.get("/app")!, kind: 0 } })).nofollow.length).toBe(1);
    await graph();
    expect(await links("/")).toMatchObject({ inlinks: { pages: 1, nofollowOnly: false } });

    // A render whose document answers 404 has no links any more: the targets only the render linked lose their inlink.
    await storeRender(ctx, { ...ref, outcome: rendered(url, page("Gone", "gone").body, page("Gone", "gone").body, 404), now: new Date() });
    expect(await db.pageLinks.count({ where: { projectId: p.id, trackedUrlId: ids.get("/app")!, kind: 1 } })).toBe(0);
    await graph();
    expect(await links("/app/x")).toMatchObject({ inlinks: { pages: 0 } });
    expect(await links("/")).toMatchObject({ inlinks: { pages: 1, nofollowOnly: true } });
  });
});
