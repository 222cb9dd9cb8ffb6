// The public side of a share link, as the /share pages run it: a live token opens its one project and counts a
// person's view (not the router's fetches or prefetches, nor a link-preview bot); an unknown, malformed, expired or
// revoked token (or a deleted project) opens nothing and counts nothing; the data the pages render names no id of
// anything; and proxy.ts answers every /share page noindex, with a per-IP limit.
import crypto from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { db } from "@/lib/db";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { isCountableView } from "@/lib/share-links/countable-view";
import { openShareLink } from "@/lib/share-links/open-share-link";
import { resolveShareToken } from "@/lib/share-links/resolve-share-link";
import { sharedIssue, sharedIssues, sharedOverview } from "@/lib/share-links/shared-view";
import { createTestTenant, type TestTenant } from "../factories";
import { detectProject, detectUrls, projectFor as issuesProjectFor, trackUrls, type Target as IssuesTarget } from "../issues/helpers";
import { bearer } from "../http";
import { dropCounters, openStore, policies, STORES, uniquePrefix } from "../rate-limit/stores";
import { createLink, revokeLink, tokenOf } from "./helpers";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
/** A browser's navigation to a page, as Chromium sends it. */
const page = (extra: Record<string, string> = {}) =>
  new Headers({ "user-agent": BROWSER, accept: "text/html", "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "sec-fetch-site": "none", ...extra });
/** Requests that are not a person's view: the router's fetches and prefetches, speculative loads, crawlers and link previews. */
const NOT_VIEWS: Record<string, string>[] = [
  { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" }, { "sec-fetch-dest": "iframe" }, { "sec-fetch-mode": "no-cors" },
  { "sec-purpose": "prefetch;prerender" }, { purpose: "prefetch" }, { "x-purpose": "preview" },
  { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" }, { "user-agent": "facebookexternalhit/1.1" },
  { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36" },
];

let owner: TestTenant;
let t: IssuesTarget, sibling: IssuesTarget;
const api = (x: IssuesTarget) => ({ orgId: x.organizationId, projectId: x.projectId, headers: bearer(owner.sessionToken) });
const viewsOf = async (id: string) => (await db.shareLink.findUniqueOrThrow({ where: { id } })).viewCount;

beforeAll(async () => {
  owner = await createTestTenant("share-view");
  t = await issuesProjectFor(owner);
  sibling = await issuesProjectFor(owner);
  const urls = await trackUrls(t, 5);
  await detectUrls(t, "broken_link", urls.slice(0, 3));
  await detectProject(t, "sitemap_missing");
  await detectUrls(sibling, "server_error", await trackUrls(sibling, 2));
  const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await db.websiteSnapshot.create({ data: {
    organizationId: owner.organizationId, projectId: t.projectId, date: new Date(`${date}T00:00:00Z`), totalUrls: 5, healthyUrls: 2, brokenUrls: 3,
    redirectedUrls: 0, indexedUrls: 1, notIndexedUrls: 1, staleUrls: 0, openIssues: 2, urlsWithIssues: 3,
  } });
});

describe("opening a share link", () => {
  it("opens its project for a live token, counting the view only when asked to", async () => {
    const link = (await createLink(api(t))).body.data;
    const shared = await openShareLink(tokenOf(link.url), true);
    // A personal organization's name is its owner's email address: not shown to the client.
    expect(shared).toMatchObject({ linkId: link.id, projectId: t.projectId, domain: t.domain, organizationName: null });
    const row = await db.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.viewCount).toBe(1);
    expect(row.lastViewedAt).not.toBeNull();
    expect(await openShareLink(tokenOf(link.url), false)).not.toBeNull();
    expect(await viewsOf(link.id)).toBe(1);
  });

  it("names a team organization, never a personal one", async () => {
    const org = await db.organization.create({ data: { name: "Northwind SEO", slug: crypto.randomUUID(), memberships: { create: { userId: owner.userId, role: "owner" } } } });
    const domain = `team-${crypto.randomUUID().slice(0, 8)}.example`;
    const project = await db.project.create({ data: { organizationId: org.id, name: domain, domain, liveDomain: domain, sitemapUrl: `https://${domain}/sitemap.xml` } });
    const link = (await createLink({ orgId: org.id, projectId: project.id, headers: bearer(owner.sessionToken) })).body.data;
    expect((await resolveShareToken(tokenOf(link.url)))?.organizationName).toBe("Northwind SEO");
  });

  it("tells a person's page load from prefetches, client navigations and link-preview bots", () => {
    for (const h of NOT_VIEWS) expect(isCountableView(page(h)), JSON.stringify(h)).toBe(false);
    expect(isCountableView(page())).toBe(true);
    expect(isCountableView(new Headers({ "user-agent": "curl/8.5.0" }))).toBe(true); // no Fetch Metadata: an older client, counted
  });

  it("opens nothing and counts nothing for revoked, expired, unknown or malformed tokens, or a deleted project", async () => {
    const revoked = (await createLink(api(t))).body.data;
    await revokeLink(api(t), revoked.id);
    const expired = (await createLink(api(t), { expiresInDays: 1 })).body.data;
    const soon = await db.shareLink.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    const gone = await issuesProjectFor(owner);
    const goneLink = (await createLink(api(gone))).body.data;
    await db.project.update({ where: { id: gone.projectId }, data: { deletedAt: new Date(), liveDomain: null } });

    expect(await openShareLink(tokenOf(revoked.url), true)).toBeNull();
    expect(await resolveShareToken(tokenOf(expired.url), new Date(soon.expiresAt.getTime() + 1))).toBeNull();
    expect(await resolveShareToken(tokenOf(expired.url), new Date(soon.expiresAt.getTime() - 1))).not.toBeNull();
    expect(await openShareLink(tokenOf(goneLink.url), true)).toBeNull();
    for (const token of [crypto.randomBytes(32).toString("base64url"), "abc", "", "x".repeat(10_000), `${"A".repeat(42)}\u0000`, `${"A".repeat(41)}/.`, "../../etc"]) {
      expect(await openShareLink(token, true), token.slice(0, 20)).toBeNull();
    }
    expect(await viewsOf(revoked.id)).toBe(0);
    expect(await viewsOf(goneLink.id)).toBe(0);
  });
});

describe("what a shared page shows", () => {
  it("the overview's numbers and issues, with no id of the organization, project, link, issues, URLs or snapshots", async () => {
    const link = (await createLink(api(t))).body.data;
    const shared = (await resolveShareToken(tokenOf(link.url)))!;
    const overview = await sharedOverview(shared, 30);
    expect(overview.stats).toMatchObject({ totalUrls: 5, brokenUrls: 0 });
    expect(overview.topIssues.data.map((i) => i.type).sort()).toEqual(["broken_link", "sitemap_missing"]);
    expect(overview.snapshots).toHaveLength(1);
    const issues = await sharedIssues(shared);
    expect(issues.open.map((i) => i.type).sort()).toEqual(["broken_link", "sitemap_missing"]);
    const broken = await sharedIssue(shared, "broken_link");
    expect(broken?.urls.map((u) => u.url).sort()).toEqual((await db.issueUrlMembership.findMany({ where: { issue: { projectId: t.projectId } } })).map((m) => m.url).sort());

    const secrets = [
      owner.organizationId, owner.userId, t.projectId, link.id, sibling.projectId,
      ...(await db.issue.findMany({ where: { projectId: t.projectId } })).map((i) => i.id),
      ...(await db.trackedUrl.findMany({ where: { projectId: t.projectId } })).map((u) => u.id),
      ...(await db.issueUrlMembership.findMany({ where: { issue: { projectId: t.projectId } } })).map((m) => m.id),
      ...(await db.websiteSnapshot.findMany({ where: { projectId: t.projectId } })).map((s) => s.id),
    ];
    const rendered = JSON.stringify({ overview, issues, broken });
    for (const id of secrets) expect(rendered).not.toContain(id);
    expect(rendered).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it("nothing of another project, even of the same organization", async () => {
    const link = (await createLink(api(t))).body.data;
    const shared = (await resolveShareToken(tokenOf(link.url)))!;
    expect(await sharedIssue(shared, "server_error")).toBeNull(); // the sibling project's issue type
    expect((await sharedIssues(shared)).open.map((i) => i.type)).not.toContain("server_error");
  });
});

describe("the /share answers (proxy.ts)", () => {
  const spec = STORES[0];
  const prefix = uniquePrefix("share");
  beforeAll(() => replaceRateLimits(createRateLimits(openStore(spec), policies({ sharePages: { points: 3, duration: 60 } }), prefix)));
  afterAll(async () => {
    await replaceRateLimits(undefined);
    await dropCounters(spec, prefix);
  });
  const request = (ip: string, extra: Record<string, string> = {}) =>
    new NextRequest(`http://127.0.0.1:3000/share/${crypto.randomBytes(32).toString("base64url")}`, { headers: { "x-forwarded-for": ip, "user-agent": BROWSER, ...extra } });

  it("say noindex, no referrer and no caching on every page, and refuse a client IP past its limit with 429", async () => {
    const ip = `198.51.100.${crypto.randomInt(1, 250)}`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await proxy(request(ip)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    for (const r of answers) {
      expect(r.headers.get("x-robots-tag")).toBe("noindex, nofollow, noarchive");
      expect(r.headers.get("referrer-policy")).toBe("no-referrer");
      expect(r.headers.get("cache-control")).toBe("private, no-store");
    }
    const refused = answers[3];
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many requests");
    expect(refused.headers.get("ratelimit-limit")).toBe("3");
    // Another client IP has its own budget.
    expect((await proxy(request(`203.0.113.${crypto.randomInt(1, 250)}`))).status).toBe(200);
  });
});
