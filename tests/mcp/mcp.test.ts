// The MCP endpoint through the SDK's own client over a real socket (tests/mcp/helpers.ts): every tool's happy path,
// the REST scopes and tenancy, the confirm rule for tools that spend credits, bad arguments as tool errors, a long
// session, resources and prompts, and the transcript of an assistant answering "which URLs are not indexed and why".
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { db } from "@/lib/db";
import { declareRemoval } from "@/lib/removals/declare-removal";
import { createTestApiKey, createTestProject, createTestUser, type TestUser } from "../factories";
import { balanceOf, setBalance } from "../inspections/helpers";
import type { IssueType } from "@/lib/db";
import { ISSUE_TYPE_NAMES } from "@/lib/issues/issue-types";
import { detectUrls } from "../issues/helpers";
import { SitemapSite } from "../sitemaps/helpers";
import { MCP_MAX_BATCH } from "@/lib/api/mcp/handle";
import { RENDER_CREDITS } from "@/lib/rendering/render-url";
import { connectClient, startMcpApp, tool, type McpApp } from "./helpers";

const FULL = ["projects:read", "projects:write", "organization:read"] as const;
const READ_ONLY = ["projects:read", "organization:read"] as const;

let app: McpApp;
let site: SitemapSite;
let alice: TestUser;
let mallory: TestUser;
let fullKey: string;
let readKey: string;
let malloryKey: string;
let client: Client; // alice, full key
let project: { id: string; domain: string };
let malloryProject: { id: string };
const ids: Record<string, string> = {};

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  site = await SitemapSite.start();
  process.env.CONNECT_TO = `:80:127.0.0.1:${site.site.httpPort}`;
  app = await startMcpApp();
  [alice, mallory] = await Promise.all([createTestUser("mcp-alice"), createTestUser("mcp-mallory")]);
  fullKey = (await createTestApiKey(alice, [...FULL])).key;
  readKey = (await createTestApiKey(alice, [...READ_ONLY])).key;
  malloryKey = (await createTestApiKey(mallory, [...FULL])).key;

  const domain = `mcp-${crypto.randomUUID().slice(0, 8)}.sitemaps.test`;
  project = await createTestProject(alice, { domain, verified: true });
  malloryProject = await createTestProject(mallory, { verified: true });
  const url = (p: string) => `http://${domain}${p}`;
  const rows = [
    { url: url("/ok"), healthState: "healthy", httpStatus: 200, indexability: "indexable", engineAState: "indexed", engineBState: "indexed", impressions28d: 900 },
    { url: url("/thin"), healthState: "healthy", httpStatus: 200, indexability: "indexable", engineAState: "crawled_not_indexed", engineBState: "not_indexed", impressions28d: 40 },
    { url: url("/noindex"), healthState: "healthy", httpStatus: 200, indexability: "noindex", metaRobots: "noindex", engineAState: "excluded", engineBState: "not_indexed", impressions28d: 5 },
    { url: url("/gone"), healthState: "client_error", httpStatus: 404, indexability: "unknown", engineAState: "crawled_not_indexed", engineBState: "unknown", impressions28d: 0 },
  ] as const;
  for (const r of rows) {
    const observed = r.engineAState === "indexed" ? daysAgo(2) : daysAgo(3);
    const row = await db.trackedUrl.create({
      data: {
        organizationId: alice.organizationId, projectId: project.id, source: "sitemap", ...r, lastAuditAt: daysAgo(1),
        engineAStateSource: "inspection", engineAObservedAt: observed, engineBObservedAt: observed,
      },
    });
    ids[new URL(r.url).pathname] = row.id;
  }
  await db.urlHistoryEntry.create({
    data: {
      organizationId: alice.organizationId, projectId: project.id, trackedUrlId: ids["/thin"], observedAt: daysAgo(3), kind: "engineA", source: "scheduled",
      state: { engineAState: "crawled_not_indexed", coverageState: "Crawled - currently not indexed", droppedFrom: "indexed", dropCause: "quality" }, changed: ["engineAState"],
    },
  });
  const target = { organizationId: alice.organizationId, projectId: project.id, headers: {}, domain };
  await detectUrls(target, "has_noindex", [{ trackedUrlId: ids["/noindex"], url: url("/noindex") }]);
  await detectUrls(target, "crawled_not_indexed", [{ trackedUrlId: ids["/thin"], url: url("/thin") }]);
  await detectUrls(target, "broken_link", [{ trackedUrlId: ids["/gone"], url: url("/gone") }]);
  const yesterday = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z");
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  await db.websiteSnapshot.create({
    data: {
      organizationId: alice.organizationId, projectId: project.id, date: yesterday, totalUrls: 4, healthyUrls: 3, brokenUrls: 1, redirectedUrls: 0,
      indexedUrls: 1, notIndexedUrls: 3, staleUrls: 0, openIssues: 3, urlsWithIssues: 3,
    },
  });
  client = await connectClient(app, fullKey);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await app?.close();
  await site?.close();
});

const TOOL_NAMES = [
  "list_projects", "get_project_overview", "search_urls", "get_url", "get_url_history", "list_issues", "list_issue_urls", "get_trends",
  "test_robots_txt", "list_removals", "get_removal", "declare_removal", "cancel_removal", "get_inspection_queue", "check_again", "inspect_now",
  "render_url", "get_recent_changes", "why_not_indexed",
];
const WRITES = ["check_again", "inspect_now", "render_url", "declare_removal", "cancel_removal"];

describe("tools/list", () => {
  it("lists every tool with truthful annotations, the REST schemas as input and Google and Bing by name", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of TOOL_NAMES.filter((n) => !WRITES.includes(n))) {
      expect(byName[name].annotations, name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    }
    expect(byName.test_robots_txt.annotations?.openWorldHint).toBe(true); // fetches the live robots.txt
    expect(byName.get_url.annotations?.openWorldHint).toBe(false);
    expect(byName.check_again.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(byName.inspect_now.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(byName.render_url.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(byName.render_url.description).toContain(`COSTS ${RENDER_CREDITS} CREDITS`);
    for (const name of ["check_again", "inspect_now", "render_url"]) {
      expect(byName[name].description).toMatch(/COSTS .*CREDIT/i);
      expect(byName[name].description).toMatch(/confirm: true/);
      expect(byName[name].inputSchema.properties).toHaveProperty("confirm");
    }
    // Declaring a removal adds a batch (not destructive) whose effects reach the engines (IndexNow, inspections): it says so and asks for confirm.
    expect(byName.declare_removal.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });
    expect(byName.declare_removal.description).toMatch(/SPENDS QUOTA/);
    expect(byName.declare_removal.description).toMatch(/IndexNow/);
    expect(byName.declare_removal.description).toMatch(/confirm: true/);
    expect(Object.keys(byName.declare_removal.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["urlIds", "urls", "filter", "intent", "redirectTarget", "stuckAfterDays", "confirm"]));
    expect((byName.declare_removal.inputSchema.properties as Record<string, { enum?: string[] }>).intent.enum).toEqual(["gone", "redirected", "noindexed", "blocked"]);
    // Cancelling cannot be undone, and a second cancel changes nothing.
    expect(byName.cancel_removal.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    // The URL list's filters, sort and pagination, from its zod schema.
    const search = byName.search_urls.inputSchema as { properties: Record<string, { enum?: string[]; maximum?: number }>; required?: string[] };
    expect(search.required).toEqual(["projectId"]);
    expect(search.properties.engineAState.enum).toContain("crawled_not_indexed");
    expect(search.properties.limit.maximum).toBe(100);
    expect(Object.keys(search.properties)).toEqual(expect.arrayContaining(["healthState", "indexability", "engineBState", "hasIssues", "disagreement", "sort", "offset"]));
    expect(byName.check_again.inputSchema.properties).toHaveProperty("urlIds");
    expect(byName.test_robots_txt.inputSchema.properties).toHaveProperty("robotsTxt");
    const read = tools.map((t) => `${t.title} ${t.description}`).join("\n");
    expect(read).not.toMatch(/\b(?:engine[ -][ab]|(?:first|second) engine)\b/i);
    expect(read).toMatch(/Google/);
    expect(read).toMatch(/Bing/);
  });
});

describe("each tool's happy path", () => {
  it("list_projects: the key's organization only", async () => {
    const r = await tool(client, "list_projects");
    expect(r.isError).toBe(false);
    expect(r.data.projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
    expect(r.data.projects[0]).toMatchObject({ domain: project.domain, verified: true, googleConnected: false, bingConnected: false });
    expect(r.data.meta).toMatchObject({ total: 1 });
    expect((await tool(client, "list_projects", { q: "no-such-site" })).data.projects).toEqual([]);
  });

  it("get_project_overview: counters, Google and Bing coverage, the most severe open issues", async () => {
    const r = await tool(client, "get_project_overview", { projectId: project.id });
    expect(r.isError).toBe(false);
    expect(r.data.project).toMatchObject({ id: project.id, domain: project.domain });
    expect(r.data.counters).toMatchObject({ totalUrls: 4, indexedUrls: 1, notIndexedUrls: 3, brokenUrls: 1, openIssues: 3, urlsWithIssues: 3 });
    expect(r.data.coverage.google).toMatchObject({ urls: 4, fresh7d: 4, unknown: 0, bySource: { inspection: 4 } });
    expect(r.data.coverage.bing).toMatchObject({ urls: 4, unknown: 1 });
    expect(r.data.topOpenIssues.map((i: { type: string }) => i.type)).toEqual(expect.arrayContaining(["has_noindex", "crawled_not_indexed", "broken_link"]));
    // Each group by the one name the dashboard, mails and reports use (lib/issues/issue-types.ts).
    for (const i of r.data.topOpenIssues as { type: IssueType; title: string; description: string }[]) {
      expect(i).toMatchObject({ title: ISSUE_TYPE_NAMES[i.type].title, description: ISSUE_TYPE_NAMES[i.type].description });
    }
    expect(r.data.topOpenIssues.find((i: { type: string }) => i.type === "broken_link").title).toBe("Broken pages (4xx)");
    expect(r.data.openIssueGroups).toBe(3);
  });

  it("search_urls: the URL list's filters, sort and pagination", async () => {
    const notIndexed = await tool(client, "search_urls", { projectId: project.id, engineAState: "crawled_not_indexed", sort: "impressions28d:desc" });
    expect(notIndexed.data.urls.map((u: { url: string }) => new URL(u.url).pathname)).toEqual(["/thin", "/gone"]);
    expect(notIndexed.data.meta).toMatchObject({ total: 2, offset: 0, limit: 20, hasMore: false });
    expect(notIndexed.data.urls[0]).toMatchObject({ engineAStateSource: "inspection", engineBState: "not_indexed", indexability: "indexable" });
    const page = await tool(client, "search_urls", { projectId: project.id, limit: 1, offset: 1, sort: "impressions28d:desc" });
    expect(page.data.urls.map((u: { id: string }) => u.id)).toEqual([ids["/thin"]]);
    expect(page.data.meta).toMatchObject({ total: 4, hasMore: true });
    const withIssues = await tool(client, "search_urls", { projectId: project.id, hasIssues: "false" });
    expect(withIssues.data.urls.map((u: { id: string }) => u.id)).toEqual([ids["/ok"]]);
  });

  it("get_url: the audit, Google's state with its provenance and check reason, Bing's, issues with fixes, history, crawl activity", async () => {
    const r = await tool(client, "get_url", { projectId: project.id, urlId: ids["/thin"] });
    expect(r.isError).toBe(false);
    expect(r.data.url).toMatchObject({ id: ids["/thin"], healthState: "healthy", httpStatus: 200, indexability: "indexable" });
    expect(r.data.google).toMatchObject({ state: "crawled_not_indexed", source: "inspection", observedAt: r.data.url.engineAObservedAt });
    expect(Date.now() - Date.parse(r.data.google.observedAt)).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(r.data.google.check).toHaveProperty("reason");
    expect(r.data.google.check).toHaveProperty("queued", false);
    expect(r.data.bing).toMatchObject({ state: "not_indexed" });
    expect(r.data.openIssues).toHaveLength(1);
    expect(r.data.openIssues[0]).toMatchObject({ issue: { type: "crawled_not_indexed" }, howToFix: expect.any(String), whyItMatters: expect.any(String) });
    expect(r.data.history.entries).toHaveLength(1);
    expect(r.data.history.entries[0]).toMatchObject({ kind: "engineA", state: { dropCause: "quality" } });
    expect(r.data.crawlActivity30d).toEqual([]);
  });

  it("get_url_history: one kind, paginated", async () => {
    const r = await tool(client, "get_url_history", { projectId: project.id, urlId: ids["/thin"], kind: "engineA" });
    expect(r.data.entries).toHaveLength(1);
    expect(r.data.meta).toMatchObject({ total: 1 });
    expect((await tool(client, "get_url_history", { projectId: project.id, urlId: ids["/thin"], kind: "audit" })).data.entries).toEqual([]);
  });

  it("list_issues and list_issue_urls: the groups, then one group's URLs with its guidance", async () => {
    const list = await tool(client, "list_issues", { projectId: project.id, status: "open" });
    expect(list.data.meta.total).toBe(3);
    const noindex = list.data.issues.find((i: { type: string }) => i.type === "has_noindex");
    expect(noindex).toMatchObject({ affectedUrlCount: 1, status: "open" });
    const urls = await tool(client, "list_issue_urls", { projectId: project.id, issueId: noindex.id });
    expect(urls.data.issue).toMatchObject({ id: noindex.id, type: "has_noindex", title: expect.any(String), howToFix: expect.any(String) });
    expect(urls.data.urls.map((u: { trackedUrlId: string }) => u.trackedUrlId)).toEqual([ids["/noindex"]]);
    expect(urls.data.meta).toMatchObject({ total: 1 });
  });

  it("get_trends: daily snapshots and time to index", async () => {
    const r = await tool(client, "get_trends", { projectId: project.id, days: 7 });
    expect(r.isError).toBe(false);
    expect(r.data.snapshots).toHaveLength(1);
    expect(r.data.snapshots[0]).toMatchObject({ totalUrls: 4, indexedUrls: 1 });
    expect(r.data.timeToIndex).toMatchObject({ days: 7, groupBy: "none" });
    expect(r.data.timeToIndex.groups[0].engines.any.urls).toBe(4);
    expect(r.data.timeToIndex.timeToRemoval).toMatchObject({ all: { removed: 0, medianHours: null }, engineA: { removed: 0 }, engineB: { removed: 0 } });
  });

  it("test_robots_txt: a draft decides per URL, nothing fetched", async () => {
    const r = await tool(client, "test_robots_txt", { projectId: project.id, urls: ["/private/a", "/thin"], userAgent: "Bingbot", robotsTxt: "User-agent: *\nDisallow: /private/\n" });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ source: "provided", productToken: "bingbot" });
    expect(r.data.results.map((x: { allowed: boolean }) => x.allowed)).toEqual([false, true]);
  });

  it("get_recent_changes: site changes (open first) with the deploy before them, and the deploys", async () => {
    const at = new Date(Date.now() - 3_600_000);
    const deploy = await db.deploy.create({ data: { organizationId: alice.organizationId, projectId: project.id, at, ref: "v9", source: "api" } });
    await db.siteChange.create({ data: {
      organizationId: alice.organizationId, projectId: project.id, field: "canonical", fromKind: "self", toKind: "home", sections: ["products"], urlCount: 240,
      sampleUrls: [`https://${project.domain}/products/a`], firstSeenAt: new Date(at.getTime() + 60_000), lastSeenAt: new Date(at.getTime() + 60_000), deployId: deploy.id, source: "audit",
    } });
    const robots = await db.robotsTxtVersion.create({ data: {
      organizationId: alice.organizationId, projectId: project.id, httpStatus: 200, sha256: "f".repeat(64), content: Buffer.from("User-agent: *\nDisallow: /\n"), bytes: 26,
      finalUrl: `https://${project.domain}/robots.txt`, firstSeenAt: at, lastSeenAt: at, linesAdded: 1, linesRemoved: 1,
    } });
    const r = await tool(client, "get_recent_changes", { projectId: project.id });
    expect(r.isError).toBe(false);
    expect(r.data.siteChanges[0]).toMatchObject({ field: "canonical", from: "self", to: "home", urlCount: 240, deployId: deploy.id, status: "open" });
    expect(r.data.siteChanges[0].text).toMatch(/home page/);
    expect(r.data.deploys.map((d: { id: string }) => d.id)).toContain(deploy.id);
    expect(r.data.robotsTxtVersions[0]).toMatchObject({ id: robots.id, httpStatus: 200, linesAdded: 1, linesRemoved: 1 });
  });

  it("why_not_indexed: a URL's cause per engine with evidence and fix, and the project's causes", async () => {
    const one = await tool(client, "why_not_indexed", { projectId: project.id, urlId: ids["/noindex"] });
    expect(one.isError).toBe(false);
    expect(Object.keys(one.data)).toEqual(["google", "bing"]);
    expect(one.data.google).toMatchObject({ indexed: expect.any(Boolean), evidence: expect.any(Array) });
    const all = await tool(client, "why_not_indexed", { projectId: project.id, engine: "engineB" });
    expect(all.isError).toBe(false);
    expect(all.data).toMatchObject({ engine: "engineB", notIndexed: expect.any(Number), causes: expect.any(Array) });
    expect((await tool(client, "why_not_indexed", { projectId: project.id, engine: "google" })).data.error.code).toBe("VALIDATION_ERROR");
  });

  it("list_removals and get_removal: batches with Google's and Bing's progress, then one batch's URLs", async () => {
    const ctx = { actor: { type: "user" as const, userId: alice.userId, email: alice.email, sessionId: "test" }, org: { id: alice.organizationId, role: "owner" as const }, request: { ipAddress: null, userAgent: "vitest" } };
    const declared = await declareRemoval(ctx, project.id, { urlIds: [ids["/noindex"]], intent: "noindexed" });
    const list = await tool(client, "list_removals", { projectId: project.id });
    expect(list.isError).toBe(false);
    expect(list.data.removals.map((r: { id: string }) => r.id)).toEqual([declared.id]);
    expect(list.data.removals[0]).toMatchObject({ intent: "noindexed", status: declared.status });
    const one = await tool(client, "get_removal", { projectId: project.id, removalId: declared.id });
    expect(one.data.removal).toMatchObject({ id: declared.id, intent: "noindexed" });
    expect(one.data.urls.map((u: { trackedUrlId: string }) => u.trackedUrlId)).toEqual([ids["/noindex"]]);
    expect(one.data.meta).toMatchObject({ total: 1 });
    const csv = await tool(client, "get_removal", { projectId: project.id, removalId: declared.id, format: "csv" });
    expect(csv.data.error).toMatchObject({ code: "VALIDATION_ERROR" }); // the tool answers JSON only
    const elsewhere = await tool(client, "get_removal", { projectId: malloryProject.id, removalId: declared.id });
    expect(elsewhere.data.error.code).toBe("NOT_FOUND");
  });

  it("declare_removal asks for confirm, declares at once and says what it costs; cancel_removal cancels, twice changes nothing", async () => {
    const url = `http://${project.domain}/gone`;
    const refused = await tool(client, "declare_removal", { projectId: project.id, urls: [url], intent: "gone" });
    expect(refused.isError).toBe(true);
    expect(refused.data.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", cost: expect.stringMatching(/no credits.*URL Inspection.*IndexNow/) });
    expect(await db.removalUrl.count({ where: { trackedUrlId: ids["/gone"] } })).toBe(0);

    const r = await tool(client, "declare_removal", { projectId: project.id, urls: [url], intent: "redirected", redirectTarget: "https://elsewhere.example/new", stuckAfterDays: 10, confirm: true });
    expect(r.isError).toBe(false);
    expect(r.data.removal).toMatchObject({ intent: "redirected", redirectOffSite: true, stuckAfterDays: 10, status: "active", counts: { total: 1, pending: 1 } });
    expect(r.data.removal.warnings.map((w: { code: string }) => w.code)).toContain("redirect_off_site");
    expect(r.data.cost).toMatchObject({ credits: 0 });
    expect(r.data.progress).toMatch(/get_removal/);
    const again = await tool(client, "declare_removal", { projectId: project.id, urlIds: [ids["/gone"]], intent: "gone", confirm: true });
    expect(again.data.error).toMatchObject({ code: "CONFLICT", urls: [{ url, removalId: r.data.removal.id }] });

    const listed = await tool(client, "get_removal", { projectId: project.id, removalId: r.data.removal.id });
    expect(listed.data.urls).toEqual([expect.objectContaining({ trackedUrlId: ids["/gone"], state: "pending", redirectTarget: "https://elsewhere.example/new" })]);
    const cancelled = await tool(client, "cancel_removal", { projectId: project.id, removalId: r.data.removal.id });
    expect(cancelled.isError).toBe(false);
    expect(cancelled.data.removal).toMatchObject({ id: r.data.removal.id, status: "cancelled", sitemapUrl: null, counts: { cancelled: 1 } });
    expect((await tool(client, "cancel_removal", { projectId: project.id, removalId: r.data.removal.id })).data.removal).toMatchObject({ status: "cancelled" });
  });

  it("check_again queues at once and says the cost; get_inspection_queue reads the progress", async () => {
    const before = await tool(client, "get_inspection_queue", { projectId: project.id });
    expect(before.data).toMatchObject({ queued: 0 });
    const r = await tool(client, "check_again", { projectId: project.id, urlIds: [ids["/thin"], ids["/gone"], malloryProject.id], confirm: true });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ queued: 2, alreadyQueued: 0, unknown: 1, cost: { creditsPerUrl: 1, atMostCredits: 2 } });
    expect(r.data.progress).toMatch(/get_inspection_queue/);
    expect(await db.inspectionRequest.count({ where: { projectId: project.id } })).toBe(2);
    expect((await tool(client, "get_inspection_queue", { projectId: project.id })).data).toMatchObject({ queued: 2 });
    const again = await tool(client, "check_again", { projectId: project.id, urlIds: [ids["/thin"]], confirm: true });
    expect(again.data).toMatchObject({ queued: 0, alreadyQueued: 1 });
    await db.inspectionRequest.deleteMany({ where: { projectId: project.id } });
  });

  it("inspect_now audits one URL for one credit and says so", async () => {
    site.set(project.domain, "/robots.txt", { body: "User-agent: *\nDisallow:\n", contentType: "text/plain" });
    site.set(project.domain, "/gone", { body: "<!doctype html><html><head><title>back</title></head><body>ok</body></html>", contentType: "text/html" });
    const before = await balanceOf(alice.organizationId);
    const r = await tool(client, "inspect_now", { projectId: project.id, urlId: ids["/gone"], confirm: true });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ url: { id: ids["/gone"], healthState: "healthy", httpStatus: 200, indexability: "indexable" }, cost: { credits: 1 } });
    expect(await balanceOf(alice.organizationId)).toBe(before - 1);
  });
});

describe("render_url (no browser is started: npm test stays browser-free)", () => {
  // A remote browser server that is never reached: the renderer counts as available, and a page whose document is
  // no HTML page fails before any browser is needed (a render of the page: stored and charged).
  beforeAll(() => {
    process.env.RENDERER_WS_ENDPOINT = "ws://127.0.0.1:9/never";
  });
  afterAll(() => {
    delete process.env.RENDERER_WS_ENDPOINT;
    delete process.env.RENDERER_DISABLED;
  });

  it("refuses in the API's order: 503 without a browser, 402 under the price, then the confirmation with the price; nothing spent", async () => {
    process.env.RENDERER_DISABLED = "1";
    const off = await tool(client, "render_url", { projectId: project.id, urlId: ids["/ok"], confirm: true });
    expect(off.isError).toBe(true);
    expect(off.data.error).toMatchObject({ code: "RENDERER_UNAVAILABLE", message: expect.stringContaining("not available") });
    delete process.env.RENDERER_DISABLED;

    const before = await balanceOf(alice.organizationId);
    await setBalance(alice.organizationId, RENDER_CREDITS - 1);
    const poor = await tool(client, "render_url", { projectId: project.id, urlId: ids["/ok"] });
    expect(poor.data.error).toMatchObject({ code: "INSUFFICIENT_CREDITS", required: RENDER_CREDITS, available: RENDER_CREDITS - 1 });
    await setBalance(alice.organizationId, before);
    for (const confirm of [undefined, false]) {
      const r = await tool(client, "render_url", { projectId: project.id, urlId: ids["/ok"], ...(confirm === undefined ? {} : { confirm }) });
      expect(r.isError).toBe(true);
      expect(r.data.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", cost: `${RENDER_CREDITS} credits`, price: RENDER_CREDITS });
      expect(r.data.error.message).toMatch(/confirm: true/);
    }
    expect(await balanceOf(alice.organizationId)).toBe(before);
    expect(await db.urlRender.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("renders with confirm: true and answers the status, the failure reason and the issues; the price is debited", async () => {
    site.set(project.domain, "/robots.txt", { body: "User-agent: *\nDisallow:\n", contentType: "text/plain" });
    site.set(project.domain, "/thin", { body: "plain words, no page", contentType: "text/plain" });
    const before = await balanceOf(alice.organizationId);
    const r = await tool(client, "render_url", { projectId: project.id, urlId: ids["/thin"], confirm: true });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      cost: { credits: RENDER_CREDITS },
      render: {
        url: `http://${project.domain}/thin`, status: "failed", failureReason: expect.stringContaining("Not an HTML page"), httpStatus: 200,
        textRatio: null, differences: [], issues: ["render_failed"], raw: null, rendered: null,
      },
    });
    expect(await balanceOf(alice.organizationId)).toBe(before - RENDER_CREDITS);
    expect(await db.urlRender.findUniqueOrThrow({ where: { trackedUrlId: ids["/thin"] } })).toMatchObject({ status: "failed", source: "on_demand" });
    await db.urlRender.deleteMany({ where: { projectId: project.id } });
  });

  it("another organization's URL is not found and a read-only key may not render; nothing spent", async () => {
    const before = await balanceOf(alice.organizationId);
    const other = await connectClient(app, malloryKey);
    const reader = await connectClient(app, readKey);
    try {
      for (const args of [{ projectId: project.id, urlId: ids["/ok"], confirm: true }, { projectId: malloryProject.id, urlId: ids["/ok"], confirm: true }]) {
        expect((await tool(other, "render_url", args)).data.error.code).toBe("NOT_FOUND");
      }
      const r = await tool(reader, "render_url", { projectId: project.id, urlId: ids["/ok"], confirm: true });
      expect(r.data.error).toMatchObject({ code: "FORBIDDEN", missingScopes: ["projects:write"] });
    } finally {
      await other.close();
      await reader.close();
    }
    expect(await balanceOf(alice.organizationId)).toBe(before);
    expect(await db.urlRender.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe("the REST API's scopes and tenancy", () => {
  it("another organization's project or URL answers not found, like a malformed id", async () => {
    const removalOfAlice = (await tool(client, "declare_removal", { projectId: project.id, urlIds: [ids["/ok"]], intent: "noindexed", confirm: true })).data.removal.id;
    const other = await connectClient(app, malloryKey, "x-api-key");
    try {
      for (const [name, args] of [
        ["get_project_overview", { projectId: project.id }],
        ["search_urls", { projectId: project.id }],
        ["get_url", { projectId: project.id, urlId: ids["/thin"] }],
        ["get_url", { projectId: malloryProject.id, urlId: ids["/thin"] }],
        ["list_issues", { projectId: project.id }],
        ["get_trends", { projectId: project.id }],
        ["check_again", { projectId: project.id, urlIds: [ids["/thin"]], confirm: true }],
        ["declare_removal", { projectId: project.id, urlIds: [ids["/thin"]], intent: "gone", confirm: true }],
        ["list_removals", { projectId: project.id }],
        ["why_not_indexed", { projectId: project.id }],
        ["why_not_indexed", { projectId: project.id, urlId: ids["/noindex"] }],
        ["cancel_removal", { projectId: project.id, removalId: removalOfAlice }],
        ["get_project_overview", { projectId: "not-a-uuid" }],
      ] as const) {
        const r = await tool(other, name, args);
        expect(r.isError, name).toBe(true);
        expect(r.data.error.code, name).toBe("NOT_FOUND");
      }
      expect((await tool(other, "list_projects")).data.projects.map((p: { id: string }) => p.id)).toEqual([malloryProject.id]);
      // Mallory's own project with Alice's URL ids or batch: not found either.
      expect((await tool(other, "declare_removal", { projectId: malloryProject.id, urlIds: [ids["/thin"]], intent: "gone", confirm: true })).data.error.code).toBe("NOT_FOUND");
      expect((await tool(other, "cancel_removal", { projectId: malloryProject.id, removalId: removalOfAlice })).data.error.code).toBe("NOT_FOUND");
      expect(await db.inspectionRequest.count({ where: { projectId: project.id } })).toBe(0);
      expect((await db.removalBatch.findUniqueOrThrow({ where: { id: removalOfAlice } })).status).toBe("active");
      expect(await db.removalUrl.count({ where: { trackedUrlId: ids["/thin"] } })).toBe(0);
    } finally {
      await other.close();
      await tool(client, "cancel_removal", { projectId: project.id, removalId: removalOfAlice });
    }
  });

  it("a read-only key reads but cannot inspect, queue, declare or cancel a removal (403 naming the scope), and spends nothing", async () => {
    const reader = await connectClient(app, readKey);
    try {
      expect((await tool(reader, "get_project_overview", { projectId: project.id })).isError).toBe(false);
      const before = await balanceOf(alice.organizationId);
      const declared = (await tool(client, "declare_removal", { projectId: project.id, urlIds: [ids["/ok"]], intent: "gone", confirm: true })).data.removal.id;
      expect((await tool(reader, "list_removals", { projectId: project.id })).isError).toBe(false);
      for (const [name, args] of [
        ["inspect_now", { projectId: project.id, urlId: ids["/ok"], confirm: true }],
        ["check_again", { projectId: project.id, urlIds: [ids["/ok"]], confirm: true }],
        ["declare_removal", { projectId: project.id, urlIds: [ids["/thin"]], intent: "gone", confirm: true }],
        ["cancel_removal", { projectId: project.id, removalId: declared }],
      ] as const) {
        const r = await tool(reader, name, args);
        expect(r.isError).toBe(true);
        expect(r.data.error).toMatchObject({ code: "FORBIDDEN", missingScopes: ["projects:write"] });
      }
      expect(await balanceOf(alice.organizationId)).toBe(before);
      expect(await db.inspectionRequest.count({ where: { projectId: project.id } })).toBe(0);
      expect(await db.removalUrl.count({ where: { trackedUrlId: ids["/thin"] } })).toBe(0);
      expect((await db.removalBatch.findUniqueOrThrow({ where: { id: declared } })).status).toBe("active");
      await tool(client, "cancel_removal", { projectId: project.id, removalId: declared });
    } finally {
      await reader.close();
    }
  });

  it("a key without projects:read cannot list or read", async () => {
    const { key } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    const writer = await connectClient(app, key);
    try {
      const r = await tool(writer, "list_projects");
      expect(r.data.error).toMatchObject({ code: "FORBIDDEN", missingScopes: ["projects:read"] });
      expect((await tool(writer, "get_url", { projectId: project.id, urlId: ids["/ok"] })).data.error.code).toBe("FORBIDDEN");
    } finally {
      await writer.close();
    }
  });

  it("without a valid API key the endpoint answers 401 (a session token is not an API key)", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer iwk_nope" }, { "x-api-key": "nope" }, { authorization: `Bearer ${alice.sessionToken}` }];
    for (const headers of attempts) {
      const res = await fetch(`${app.url}/api/mcp`, {
        method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, code: "UNAUTHORIZED" });
    }
  });

  it("counts every request against the key's rate limit, as the API does", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": readKey },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit") ?? res.headers.get("ratelimit")).toBeTruthy();
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: 1, result: {} });
  });

  it("GET and DELETE answer 405 (stateless: no event stream, no session), and no session id is issued", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${app.url}/api/mcp`, { method, headers: { "x-api-key": readKey, accept: "text/event-stream" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    }
    const init = await fetch(`${app.url}/api/mcp`, {
      method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": readKey },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    expect((await init.json()).result.serverInfo).toMatchObject({ name: "indexwatch" });
  });
});

describe("the confirm rule", () => {
  it("a tool that spends credits refuses without confirm: true, says the cost, and spends nothing", async () => {
    const before = await balanceOf(alice.organizationId);
    for (const confirm of [undefined, false]) {
      const inspect = await tool(client, "inspect_now", { projectId: project.id, urlId: ids["/ok"], ...(confirm === undefined ? {} : { confirm }) });
      expect(inspect.isError).toBe(true);
      expect(inspect.data.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", cost: "1 credit" });
      expect(inspect.data.error.message).toMatch(/confirm: true/);
      const queue = await tool(client, "check_again", { projectId: project.id, urlIds: [ids["/ok"]], ...(confirm === undefined ? {} : { confirm }) });
      expect(queue.data.error).toMatchObject({ code: "CONFIRMATION_REQUIRED", cost: expect.stringMatching(/1 credit per queued URL/) });
    }
    expect(await balanceOf(alice.organizationId)).toBe(before);
    expect(await db.inspectionRequest.count({ where: { projectId: project.id } })).toBe(0);
    expect((await db.trackedUrl.findUniqueOrThrow({ where: { id: ids["/ok"] } })).lastAuditAt!.getTime()).toBeLessThan(Date.now() - 3_600_000);
  });
});

describe("bad arguments", () => {
  it("come back as tool errors with the stable code and the failing field, and the session goes on", async () => {
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ["search_urls", { projectId: project.id, engineAState: "bogus" }, "VALIDATION_ERROR", "engineAState"],
      ["search_urls", { projectId: project.id, limit: 1000 }, "VALIDATION_ERROR", "limit"],
      ["search_urls", { projectId: project.id, sort: 42 }, "VALIDATION_ERROR", "sort"],
      ["search_urls", { projectId: project.id, colour: "red" }, "VALIDATION_ERROR", "colour"],
      ["list_issues", { projectId: project.id, severity: ["critical"] }, "VALIDATION_ERROR", "severity"],
      ["check_again", { projectId: project.id, urlIds: [], confirm: true }, "VALIDATION_ERROR", "urlIds"],
      ["check_again", { projectId: project.id, urlIds: ["x"], confirm: "yes" }, "VALIDATION_ERROR", "confirm"],
      ["test_robots_txt", { projectId: project.id, urls: ["/a\u0000b"] }, "VALIDATION_ERROR", "urls.0"],
      ["test_robots_txt", { projectId: project.id, urls: ["https://elsewhere.example/"] }, "VALIDATION_ERROR", "urls.0"],
      ["get_trends", { projectId: project.id, days: "soon" }, "VALIDATION_ERROR", "days"],
      ["declare_removal", { projectId: project.id, urls: [`http://${project.domain}/ok`], intent: "vanished", confirm: true }, "VALIDATION_ERROR", "intent"],
      ["declare_removal", { projectId: project.id, intent: "gone", confirm: true }, "VALIDATION_ERROR", "urlIds"],
      ["declare_removal", { projectId: project.id, urls: [`http://${project.domain}/never-tracked`], intent: "gone", confirm: true }, "VALIDATION_ERROR", "urls"],
      ["declare_removal", { projectId: project.id, filter: { colour: "red" }, intent: "gone", confirm: true }, "VALIDATION_ERROR", "filter"],
      ["declare_removal", { projectId: project.id, urls: ["http://x\u0000"], intent: "gone", confirm: true }, "VALIDATION_ERROR"],
      ["declare_removal", { projectId: project.id, urls: [`http://${project.domain}/ok`], intent: "gone", confirm: "yes" }, "VALIDATION_ERROR", "confirm"],
      ["cancel_removal", { projectId: project.id, removalId: "not-a-uuid" }, "NOT_FOUND"],
      ["cancel_removal", { projectId: project.id, removalId: crypto.randomUUID() }, "NOT_FOUND"],
      ["get_url", { projectId: project.id }, "NOT_FOUND"],
      ["no_such_tool", {}, "NOT_FOUND"],
    ];
    for (const [name, args, code, path] of cases) {
      const r = await tool(client, name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(r.data.error.code, `${name} ${JSON.stringify(args)}`).toBe(code);
      if (path) expect(r.data.error.errors.map((e: { path: string }) => e.path), `${name} ${JSON.stringify(args)}`).toContain(path);
    }
    expect((await tool(client, "list_projects")).isError).toBe(false);
  });
});

describe("malformed tools/call params", () => {
  const rpc = async (params: unknown) => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": readKey },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params }),
    });
    return { status: res.status, ...(await res.json()) };
  };

  it("answer -32602 in our words (no validation dump) when the tool's name is missing or not a string", async () => {
    for (const params of [{ arguments: {} }, { name: 5, arguments: {} }, { name: "" }, { name: ["list_projects"] }]) {
      const answer = await rpc(params);
      expect(answer.status).toBe(200);
      expect(answer.error, JSON.stringify(params)).toEqual({ code: -32602, message: expect.stringMatching(/^Invalid params: tools\/call takes \{name/) });
      expect(JSON.stringify(answer)).not.toMatch(/invalid_type|expected|"path"/);
    }
    // Params that are no object make no JSON-RPC request at all: the transport's 400, also without a dump.
    for (const params of ["list_projects", ["list_projects"]]) {
      const answer = await rpc(params);
      expect(answer.status).toBe(400);
      expect(answer.error).toEqual({ code: -32700, message: "Parse error: Invalid JSON-RPC message" });
    }
  });

  it("answer a tool error VALIDATION_ERROR when the arguments are not an object", async () => {
    for (const args of ["projects", [1, 2], 42, null]) {
      const answer = await rpc({ name: "list_projects", arguments: args });
      expect(answer.status).toBe(200);
      expect(answer.error, JSON.stringify(args)).toBeUndefined();
      expect(answer.result.isError).toBe(true);
      expect(answer.result.structuredContent.error).toEqual({ code: "VALIDATION_ERROR", message: "Arguments must be an object" });
    }
  });
});

describe("batches", () => {
  it(`run at most ${MCP_MAX_BATCH} requests of one POST; those beyond get a JSON-RPC error and are not run`, async () => {
    const batch = Array.from({ length: MCP_MAX_BATCH + 5 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "test_robots_txt", arguments: { projectId: project.id, urls: ["/a"] } } }));
    const before = site.site.requests.length;
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": readKey },
      body: JSON.stringify(batch),
    });
    expect(res.status).toBe(200);
    const answers = (await res.json()) as { id: number; result?: unknown; error?: { code: number; data: Record<string, unknown> } }[];
    expect(answers).toHaveLength(batch.length);
    const refused = answers.filter((a) => a.error).map((a) => a.id).sort((a, b) => a - b);
    expect(refused).toEqual([21, 22, 23, 24, 25]);
    for (const a of answers.filter((x) => x.error)) expect(a.error).toMatchObject({ code: -32600, data: { code: "BATCH_TOO_LARGE", limit: MCP_MAX_BATCH } });
    // Each test that ran fetched the live robots.txt once; the refused ones fetched nothing.
    expect(site.site.requests.length - before).toBeLessThanOrEqual(MCP_MAX_BATCH);
  });
});

describe("a long session", () => {
  it("survives 100 calls in a row", async () => {
    const session = await connectClient(app, readKey);
    try {
      for (let i = 0; i < 100; i++) {
        const r = i % 2 ? await tool(session, "get_project_overview", { projectId: project.id }) : await tool(session, "search_urls", { projectId: project.id, limit: 2, offset: i % 4 });
        expect(r.isError, `call ${i}`).toBe(false);
      }
      expect((await session.listTools()).tools).toHaveLength(TOOL_NAMES.length);
    } finally {
      await session.close();
    }
  }, 120_000);
});

describe("resources and prompts", () => {
  it("lists each project's summary as a resource and reads it", async () => {
    const { resources } = await client.listResources();
    const uri = `indexwatch://projects/${project.id}/summary`;
    expect(resources).toEqual([expect.objectContaining({ uri, mimeType: "application/json", name: expect.stringContaining(project.domain) })]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["indexwatch://projects/{projectId}/summary"]);
    const read = await client.readResource({ uri });
    const summary = JSON.parse((read.contents[0] as { text: string }).text);
    expect(summary.counters.totalUrls).toBe(4);
    expect(summary.coverage.google.urls).toBe(4);
    await expect(client.readResource({ uri: `indexwatch://projects/${malloryProject.id}/summary` })).rejects.toThrow(/NOT_FOUND/);
  });

  it("offers the weekly review and the not-indexed prompts, which name the tools to call", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(["weekly_indexing_review", "why_not_indexed"]);
    const weekly = await client.getPrompt({ name: "weekly_indexing_review", arguments: { projectId: project.id } });
    const text = (weekly.messages[0].content as { text: string }).text;
    for (const t of ["get_project_overview", "get_trends", "list_issues", "search_urls", "get_url"]) expect(text).toContain(t);
    expect(text).toContain(project.id);
    const why = await client.getPrompt({ name: "why_not_indexed", arguments: { projectId: project.id, url: `http://${project.domain}/thin` } });
    const whyText = (why.messages[0].content as { text: string }).text;
    expect(whyText).toContain("get_url");
    expect(whyText).toContain(`http://${project.domain}/thin`);
    expect(whyText).toMatch(/Google/);
  });
});

describe("which URLs of my project are not indexed, and why", () => {
  it("the SDK client answers it through the tools (the transcript an assistant would see)", async () => {
    const transcript: string[] = [];
    const ask = async (name: string, args: Record<string, unknown>) => {
      const r = await tool(client, name, args);
      transcript.push(`→ ${name} ${JSON.stringify(args)}`, `← ${JSON.stringify(r.data).slice(0, 300)}`);
      expect(r.isError, name).toBe(false);
      return r.data;
    };
    const { projects } = await ask("list_projects", {});
    const overview = await ask("get_project_overview", { projectId: projects[0].id });
    const reasons: string[] = [];
    const notIndexed = new Map<string, string>();
    for (const engineAState of ["crawled_not_indexed", "discovered_not_indexed", "excluded", "blocked"]) {
      const { urls } = await ask("search_urls", { projectId: projects[0].id, engineAState });
      for (const u of urls) notIndexed.set(u.id, u.url);
    }
    for (const [urlId, url] of notIndexed) {
      const d = await ask("get_url", { projectId: projects[0].id, urlId });
      const why = d.openIssues.map((i: { title: string }) => i.title).join("; ") || "no open issue";
      reasons.push(`${url}: Google says ${d.google.state} (from ${d.google.source}, ${d.google.observedAt.slice(0, 10)}); our audit: ${d.url.healthState} ${d.url.httpStatus}, ${d.url.indexability}; ${why}`);
    }
    transcript.push("Answer:", `${overview.counters.notIndexedUrls} URLs are not indexed by Google or Bing:`, ...reasons.map((r) => `- ${r}`));
    console.info(transcript.join("\n"));
    expect(reasons).toHaveLength(3);
    expect(reasons.join("\n")).toMatch(/\/noindex: Google says excluded .*noindex/);
    expect(reasons.join("\n")).toMatch(/\/thin: Google says crawled_not_indexed \(from inspection/);
  });
});
