import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestTenant, type TestTenant } from "../factories";
import { changeEvents, issueOf, tick, versions, WatchSite, watchedProject, watchRow, withEtag, type WatchedProject } from "./helpers";

const A = "User-agent: *\nDisallow: /admin\n\nSitemap: https://example.test/sitemap.xml\n";
const B = "User-agent: *\nDisallow: /admin\nDisallow: /shop\n\nSitemap: https://example.test/sitemap.xml\n";

let site: WatchSite;
let tenant: TestTenant;
beforeAll(async () => {
  [site, tenant] = await Promise.all([WatchSite.start(), createTestTenant("site-watch")]);
});
afterAll(() => site.close());

const shop = [
  { path: "/shop/a", priority: "high" as const, impressions: 1000, clicks: 40 },
  { path: "/shop/b", impressions: 500, clicks: 10 },
  { path: "/shop/c" },
  { path: "/blog/x", impressions: 99 },
  { path: "/admin/y" },
];

describe("robots.txt watch: versions, 304 and conditional requests", () => {
  it("keeps one version per distinct content, sends the validators, and counts a 304 as the current version again", async () => {
    const p = await watchedProject(tenant, site, shop);
    site.robots(p.host, withEtag(A, '"a1"'));
    const first = await tick(p);
    expect(first).toMatchObject({ claimed: 1, changed: 0, failures: 0 });
    const [v] = await versions(p);
    expect(v).toMatchObject({ httpStatus: 200, bytes: Buffer.byteLength(A), truncated: false, encoding: "utf-8", becameCurrentAt: expect.any(Date), diff: null });
    expect(await watchRow(p)).toMatchObject({ robotsCurrentVersionId: v.id, robotsEtag: '"a1"', robotsLastModified: "Wed, 01 Jan 2025 00:00:00 GMT" });

    const second = await tick(p, { now: new Date(Date.now() + 60_000) });
    expect(second).toMatchObject({ claimed: 1, notModified: 1, changed: 0 });
    const headers = site.seen.get(p.host)!;
    expect(headers[0]["if-none-match"]).toBeUndefined();
    expect(headers[1]).toMatchObject({ "if-none-match": '"a1"', "if-modified-since": "Wed, 01 Jan 2025 00:00:00 GMT" });
    const after = await versions(p);
    expect(after).toHaveLength(1);
    expect(after[0].lastSeenAt.getTime()).toBeGreaterThan(v.lastSeenAt.getTime());
    expect(await watchRow(p)).toMatchObject({ robotsLastStatus: 304, robotsCurrentVersionId: v.id });

    // The same bytes without validators: still the one version.
    site.robots(p.host, { body: A });
    expect(await tick(p)).toMatchObject({ unchanged: 1 });
    expect(await versions(p)).toHaveLength(1);
    expect(await changeEvents(p)).toHaveLength(0);
  });
});

describe("robots.txt watch: a change that blocks important URLs", () => {
  let p: WatchedProject;
  beforeAll(async () => {
    p = await watchedProject(tenant, site, shop);
    site.robots(p.host, { body: A });
    await tick(p);
  });

  it("waits for a second fetch, then stores the diff and the impact, opens the critical issue, notifies at once and emits robots_txt.changed", async () => {
    site.robots(p.host, { body: B });
    await tick(p);
    const w1 = await watchRow(p);
    expect(w1.robotsPendingVersionId).not.toBeNull();
    expect(w1.robotsPendingCount).toBe(1);
    expect(await changeEvents(p)).toHaveLength(0);
    expect(await issueOf(p, "robots_txt_blocks_important")).toBeNull();

    expect(await tick(p)).toMatchObject({ changed: 1 });
    const w2 = await watchRow(p);
    expect(w2.robotsCurrentVersionId).toBe(w1.robotsPendingVersionId);
    const v = await db.robotsTxtVersion.findUniqueOrThrow({ where: { id: w2.robotsCurrentVersionId! } });
    expect(v.diff).toContain("+Disallow: /shop");
    expect(v).toMatchObject({ linesAdded: 1, linesRemoved: 0 });
    const impact = v.impact as Record<string, any>;
    expect(impact.googlebot).toMatchObject({ newlyBlocked: 3, newlyAllowed: 0, highPriorityBlocked: 1, impressions28dBlocked: 1500, clicks28dBlocked: 50 });
    expect(impact.googlebot.sampleUrls.slice(0, 2).sort()).toEqual([`https://${p.host}/shop/a`, `https://${p.host}/shop/b`]);
    expect(impact.bingbot).toMatchObject({ newlyBlocked: 3, highPriorityBlocked: 1 });
    expect(impact.ai.find((a: { crawler: string }) => a.crawler === "GPTBot")).toMatchObject({ newlyBlocked: 3 });
    expect(impact).toMatchObject({ importantBlocked: 2, urlsScanned: 5 });

    expect(await issueOf(p, "robots_txt_blocks_important")).toMatchObject({ status: "open", severity: "critical" });
    const events = await changeEvents(p);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ versionId: v.id, googlebotNewlyBlocked: 3, importantBlocked: 2, linesAdded: 1 });
    const told = await db.notification.findMany({ where: { userId: tenant.userId, type: "robots_txt_changed" } });
    expect(told).toHaveLength(1);
    expect(told[0].title).toContain("robots.txt now blocks 2 important URLs");
  });

  it("a flip back within 24 hours alerts nobody again, and resolves the issue once the important URLs are allowed", async () => {
    site.robots(p.host, { body: A });
    await tick(p);
    expect(await tick(p)).toMatchObject({ changed: 1 });
    expect(await issueOf(p, "robots_txt_blocks_important")).toMatchObject({ status: "resolved" });
    expect(await changeEvents(p)).toHaveLength(1);
    expect(await db.notification.count({ where: { userId: tenant.userId, type: "robots_txt_changed" } })).toBe(1);
    const current = await db.robotsTxtVersion.findUniqueOrThrow({ where: { id: (await watchRow(p)).robotsCurrentVersionId! } });
    expect(current.diff).toContain("-Disallow: /shop");
    expect((current.impact as any).googlebot).toMatchObject({ newlyAllowed: 3, newlyBlocked: 0 });
    expect(await versions(p)).toHaveLength(2);
  });
});

describe("robots.txt watch: hysteresis against flapping", () => {
  it("a CDN serving two versions in turn never confirms either", async () => {
    const p = await watchedProject(tenant, site, shop);
    site.robots(p.host, { body: A });
    await tick(p);
    let n = 0;
    site.robots(p.host, () => ({ body: n++ % 2 === 0 ? B : A }));
    for (let i = 0; i < 6; i++) await tick(p);
    const w = await watchRow(p);
    expect(Buffer.from((await db.robotsTxtVersion.findUniqueOrThrow({ where: { id: w.robotsCurrentVersionId! } })).content).toString()).toBe(A);
    expect(await changeEvents(p)).toHaveLength(0);
    expect(await issueOf(p, "robots_txt_blocks_important")).toBeNull();
  });

  it("5xx every other fetch never opens robots_txt_unreachable; three in a row do, and an answer resolves it", async () => {
    const p = await watchedProject(tenant, site, shop);
    site.robots(p.host, { body: A });
    await tick(p);
    let n = 0;
    site.robots(p.host, () => (n++ % 2 === 0 ? { status: 503, body: "busy" } : { body: A }));
    for (let i = 0; i < 6; i++) await tick(p);
    expect(await issueOf(p, "robots_txt_unreachable")).toBeNull();

    site.robots(p.host, { status: 500, body: "down" });
    const first = await tick(p);
    expect(first.failures).toBe(1);
    await tick(p);
    expect(await issueOf(p, "robots_txt_unreachable")).toBeNull();
    await tick(p);
    expect(await issueOf(p, "robots_txt_unreachable")).toMatchObject({ status: "open", severity: "critical" });
    expect(await watchRow(p)).toMatchObject({ robotsFailureKind: "5xx", robotsFailures: 3, robotsLastStatus: 500, robotsFailingSince: expect.any(Date) });
    // A failure is not a version, and the current version stays.
    expect(await versions(p)).toHaveLength(1);

    site.robots(p.host, { body: A });
    await tick(p);
    expect(await issueOf(p, "robots_txt_unreachable")).toMatchObject({ status: "resolved" });
    expect(await watchRow(p)).toMatchObject({ robotsFailureKind: null, robotsFailures: 0, robotsFailingSince: null });
  });

  it("no answer at all (connection refused) counts as unreachable", async () => {
    const p = await watchedProject(tenant, site, []);
    await db.siteWatch.update({ where: { projectId: p.projectId }, data: { origin: `https://${p.host}` } });
    const { createSafeFetcher } = await import("@/lib/net/safe-fetch");
    p.fetcher = createSafeFetcher({ connectTo: `${p.host}:443:127.0.0.1:9`, tlsCa: site.site.ca });
    expect(await tick(p)).toMatchObject({ failures: 1 });
    expect(await watchRow(p)).toMatchObject({ robotsFailureKind: "unreachable", robotsLastStatus: null, robotsLastError: expect.stringContaining(p.host) });
  });
});

describe("robots.txt watch: bad input", () => {
  it("a 5 MB robots.txt keeps its first 500 KiB and says it was cut", async () => {
    const p = await watchedProject(tenant, site, shop);
    const big = `User-agent: *\nDisallow: /admin\n${"# filler line of a huge robots.txt file\n".repeat(130_000)}`;
    expect(big.length).toBeGreaterThan(5_000_000);
    site.robots(p.host, { body: big });
    await tick(p);
    const [v] = await versions(p);
    expect(v).toMatchObject({ truncated: true, bytes: 500 * 1024 });
  });

  it("UTF-16 content is shown decoded and read as Google reads it (no rules); binary content is shown as its size", async () => {
    const p = await watchedProject(tenant, site, shop);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("User-agent: *\nDisallow: /shop\n", "utf16le")]);
    site.robots(p.host, { body: utf16 });
    await tick(p);
    const [v] = await versions(p);
    expect(v.encoding).toBe("utf-16le");
    const { versionText, robotsOfVersion } = await import("@/lib/site-watch/robots-watch");
    expect(versionText(v)).toBe("User-agent: *\nDisallow: /shop\n");
    const { isAllowed } = await import("@/lib/robots");
    expect(isAllowed(robotsOfVersion(v), "Googlebot", "/shop/a")).toBe(true);

    const q = await watchedProject(tenant, site, shop);
    site.robots(q.host, { body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0xff, 0x00]) });
    await tick(q);
    const [b] = await versions(q);
    expect(b.encoding).toBe("binary");
    expect(versionText(b)).toBe("[binary content, 9 bytes: not a text file]");
  });

  it("a robots.txt that redirects to another host is followed (up to 5 hops) and the version names where it came from", async () => {
    const p = await watchedProject(tenant, site, shop);
    const other = site.host("cdn");
    p.fetcher = site.fetcher([p.host, other]);
    site.robots(p.host, { status: 301, redirect: `https://${other}/robots.txt` });
    site.robots(other, { body: B });
    await tick(p);
    const [v] = await versions(p);
    expect(v).toMatchObject({ httpStatus: 200, finalUrl: `https://${other}/robots.txt` });
    expect(Buffer.from(v.content).toString()).toBe(B);

    // Six hops: the file counts as unavailable (allow all), a "no file" version with the last redirect's status.
    const q = await watchedProject(tenant, site, shop);
    q.fetcher = site.fetcher([q.host]);
    let hop = 0;
    site.robots(q.host, () => ({ status: 302, redirect: `https://${q.host}/robots.txt?hop=${++hop}` }));
    await tick(q);
    const [loop] = await versions(q);
    expect(loop).toMatchObject({ httpStatus: 302, bytes: 0 });
  });

  it("a 404 is a version of its own (no file: everything allowed)", async () => {
    const p = await watchedProject(tenant, site, shop);
    site.robots(p.host, { status: 404, body: "not here" });
    await tick(p);
    const [v] = await versions(p);
    expect(v).toMatchObject({ httpStatus: 404, bytes: 0 });
  });
});

describe("the watch's Inngest function", () => {
  it("claims the due projects through the app's default fetcher and records what it got, in batches", async () => {
    const { runUnderInngest } = await import("../inngest-engine");
    const { watchRobotsTxtFn } = await import("@/inngest/functions/site-watch/watch-robots-txt");
    const p = await watchedProject(tenant, site, shop);
    // Only the watch's own suites make rows: any left due by an interrupted earlier run is pushed out of the way.
    await db.siteWatch.updateMany({ where: { robotsNextFetchAt: { lte: new Date(Date.now() + 600_000) } }, data: { robotsNextFetchAt: new Date(Date.now() + 86_400_000) } });
    await db.siteWatch.update({ where: { projectId: p.projectId }, data: { robotsNextFetchAt: new Date(Date.now() - 1000), homeCheckedAt: null } });
    // The default fetcher reaches the fake site but does not trust the test CA: the home page and robots.txt fail
    // (unreachable), while the certificate is still read, as `invalid`.
    process.env.CONNECT_TO = site.site.connectTo([p.host]);
    // Rows of every project are made by the first step: this suite's row exists already, others' are theirs.
    const { result, error, steps } = await runUnderInngest(watchRobotsTxtFn, { memoized: { "ensure-watch-rows": 0 } });
    expect(error).toBeUndefined();
    expect(steps).toContain("batch-0");
    expect(result).toMatchObject({ created: 0, claimed: 1, failures: 1, homeChecks: 1 });
    expect(await watchRow(p)).toMatchObject({
      robotsFailureKind: "unreachable", robotsFailures: 1, certState: "invalid", certExpiresAt: expect.any(Date), homeError: expect.any(String),
      robotsNextFetchAt: expect.any(Date),
    });
    expect((await watchRow(p)).robotsNextFetchAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    await db.siteWatch.update({ where: { projectId: p.projectId }, data: { robotsNextFetchAt: new Date(Date.now() + 86_400_000) } });
  });

  it("gives every active project its watch row, each due at its own phase of the window", async () => {
    const { ensureWatchRows } = await import("@/lib/site-watch/robots-watch-tick");
    const { createTestProject } = await import("../factories");
    const fresh = await Promise.all([1, 2, 3].map(() => createTestProject(tenant)));
    const now = new Date();
    await ensureWatchRows(now);
    const rows = await db.siteWatch.findMany({ where: { projectId: { in: fresh.map((f) => f.id) } } });
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.robotsNextFetchAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
      expect(r.robotsNextFetchAt.getTime()).toBeLessThan(now.getTime() + 5 * 60_000);
    }
    // The rows it made for every other suite's projects go again (never fetched: nothing runs the watch in tests but
    // this suite), so that no later run claims them.
    await db.siteWatch.deleteMany({ where: { robotsLastFetchAt: null, homeCheckedAt: null, robotsCurrentVersionId: null } });
  });
});
