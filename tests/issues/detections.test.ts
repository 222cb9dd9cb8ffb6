import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestUser, type TestUser } from "../factories";
import { clearProject, counters, detectProject, detectUrls, getIssue, groupOf, listIssueUrls, projectFor, trackUrls } from "./helpers";

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser("issues-detect");
});

const t0 = new Date("2026-11-20T10:00:00.000Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe("URL-level detections", () => {
  it("creates the group on first detection with frozen metadata, counts and samples", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 15);
    await detectUrls(t, "stale_missing_from_sitemap", urls.slice(0, 3), [], { sitemap: "first" }, at(0));
    let g = await groupOf(t, "stale_missing_from_sitemap");
    expect(g).toMatchObject({ status: "open", severity: "warning", severityRank: 2, affectedUrlCount: 3, metadata: { sitemap: "first" }, resolvedAt: null });
    expect(g.firstDetectedAt).toEqual(at(0));
    expect([...g.sampleUrls].sort()).toEqual(urls.slice(0, 3).map((u) => u.url));

    // A second detection adds the other 12: metadata unchanged, 15 affected, 10 samples, most recent first.
    await detectUrls(t, "stale_missing_from_sitemap", urls, [], { sitemap: "second" }, at(5));
    g = await groupOf(t, "stale_missing_from_sitemap");
    expect(g.metadata).toEqual({ sitemap: "first" });
    expect(g.affectedUrlCount).toBe(15);
    expect(g.sampleUrls).toHaveLength(10);
    expect(g.sampleUrls.every((u) => urls.slice(3).some((x) => x.url === u))).toBe(true);
    expect(g.firstDetectedAt).toEqual(at(0));
    expect(g.lastDetectedAt).toEqual(at(5));
    expect(await db.issueUrlMembership.count({ where: { issueId: g.id } })).toBe(15);
    // Kept memberships keep the time they were first detected.
    const first = await db.issueUrlMembership.findFirstOrThrow({ where: { issueId: g.id, trackedUrlId: urls[0].trackedUrlId } });
    expect(first.detectedAt).toEqual(at(0));

    const { body } = await getIssue(t, g.id);
    expect(body.data).toMatchObject({ id: g.id, type: "stale_missing_from_sitemap", affectedUrlCount: 15, status: "open", metadata: { sitemap: "first" } });
    expect(body.data.sampleUrls).toHaveLength(10);
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: 15 });
  });

  it("resolves itself when every membership clears, and reopens on a new detection", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 4);
    await detectUrls(t, "broken_link", urls, [], {}, at(0));
    await detectUrls(t, "broken_link", [], urls.slice(0, 2), {}, at(1));
    let g = await groupOf(t, "broken_link");
    expect(g).toMatchObject({ status: "open", affectedUrlCount: 2, resolvedAt: null });
    expect([...g.sampleUrls].sort()).toEqual(urls.slice(2).map((u) => u.url));

    await detectUrls(t, "broken_link", [], urls.slice(2), {}, at(2));
    g = await groupOf(t, "broken_link");
    expect(g).toMatchObject({ status: "resolved", affectedUrlCount: 0, sampleUrls: [] });
    expect(g.resolvedAt).toEqual(at(2));
    expect((await counters(t)).stored).toEqual({ openIssues: 0, urlsWithIssues: 0 });

    // The same URL again: its membership reopens (one row per URL), the group reopens.
    await detectUrls(t, "broken_link", [urls[0]], [], { late: true }, at(3));
    g = await groupOf(t, "broken_link");
    expect(g).toMatchObject({ status: "open", affectedUrlCount: 1, resolvedAt: null, sampleUrls: [urls[0].url], metadata: {} });
    const m = await db.issueUrlMembership.findMany({ where: { issueId: g.id }, orderBy: { url: "asc" } });
    expect(m).toHaveLength(4);
    expect(m[0]).toMatchObject({ resolvedAt: null, detectedAt: at(3) });
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: 1 });
  });

  it("an ignored group records detections and clears but stays ignored with resolvedAt null", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 3);
    await detectUrls(t, "has_noindex", urls.slice(0, 1), [], {}, at(0));
    const id = (await groupOf(t, "has_noindex")).id;
    await db.issue.update({ where: { id }, data: { status: "ignored" } });

    await detectUrls(t, "has_noindex", urls, [], {}, at(1));
    let g = await groupOf(t, "has_noindex");
    expect(g).toMatchObject({ status: "ignored", affectedUrlCount: 3, resolvedAt: null });
    expect((await counters(t)).stored).toEqual({ openIssues: 0, urlsWithIssues: 0 });

    await detectUrls(t, "has_noindex", [], urls, {}, at(2));
    g = await groupOf(t, "has_noindex");
    expect(g).toMatchObject({ status: "ignored", affectedUrlCount: 0, resolvedAt: null, sampleUrls: [] });
    expect(await db.issueUrlMembership.count({ where: { issueId: id, resolvedAt: { not: null } } })).toBe(3);
  });

  it("an id in both lists counts as affected; clears of unknown URLs or types do nothing", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 2);
    await detectUrls(t, "redirect_chain", [], urls);
    expect(await db.issue.count({ where: { projectId: t.projectId } })).toBe(0);
    await detectUrls(t, "redirect_chain", [urls[0], urls[0]], [urls[0], urls[1]]);
    const g = await groupOf(t, "redirect_chain");
    expect(g.affectedUrlCount).toBe(1);
    expect(await db.issueUrlMembership.count({ where: { issueId: g.id } })).toBe(1);
  });

  it("ignores tracked URL ids of another project", async () => {
    const t = await projectFor(user);
    const other = await projectFor(await createTestUser("issues-other"));
    const [foreign] = await trackUrls(other, 1);
    const [own] = await trackUrls(t, 1);
    await detectUrls(t, "server_error", [own, foreign]);
    const g = await groupOf(t, "server_error");
    expect(g.affectedUrlCount).toBe(1);
    expect(await db.issueUrlMembership.count({ where: { trackedUrlId: foreign.trackedUrlId } })).toBe(0);
  });
});

describe("project-level detections", () => {
  it("detect creates, re-detect keeps metadata and moves lastDetectedAt, clear resolves, detect reopens", async () => {
    const t = await projectFor(user);
    await detectProject(t, "sitemap_unreachable", { status: 503 }, at(0));
    let g = await groupOf(t, "sitemap_unreachable");
    expect(g).toMatchObject({ status: "open", severity: "critical", severityRank: 3, affectedUrlCount: 0, sampleUrls: [], metadata: { status: 503 } });
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: 0 });

    await detectProject(t, "sitemap_unreachable", { status: 500 }, at(10));
    g = await groupOf(t, "sitemap_unreachable");
    expect(g.metadata).toEqual({ status: 503 });
    expect(g.lastDetectedAt).toEqual(at(10));
    expect(g.firstDetectedAt).toEqual(at(0));

    await clearProject(t, "sitemap_unreachable", at(20));
    g = await groupOf(t, "sitemap_unreachable");
    expect(g).toMatchObject({ status: "resolved", resolvedAt: at(20) });
    expect((await counters(t)).stored).toEqual({ openIssues: 0, urlsWithIssues: 0 });

    await clearProject(t, "sitemap_unreachable", at(25));
    expect((await groupOf(t, "sitemap_unreachable")).resolvedAt).toEqual(at(20));

    await detectProject(t, "sitemap_unreachable", {}, at(30));
    g = await groupOf(t, "sitemap_unreachable");
    expect(g).toMatchObject({ status: "open", resolvedAt: null, metadata: { status: 503 } });
  });

  it("an ignored project-level group stays ignored through detect and clear; clearing an unknown type is a no-op", async () => {
    const t = await projectFor(user);
    await clearProject(t, "sitemap_missing");
    expect(await db.issue.count({ where: { projectId: t.projectId } })).toBe(0);
    await detectProject(t, "sitemap_missing");
    const { id } = await groupOf(t, "sitemap_missing");
    await db.issue.update({ where: { id }, data: { status: "ignored" } });
    await detectProject(t, "sitemap_missing");
    await clearProject(t, "sitemap_missing");
    expect(await groupOf(t, "sitemap_missing")).toMatchObject({ status: "ignored", resolvedAt: null });
  });
});

describe("GET issues/{issueId}/urls", () => {
  it("lists open memberships first, then resolved, each by detectedAt descending, with exact totals", async () => {
    const t = await projectFor(user);
    const urls = await trackUrls(t, 6);
    await detectUrls(t, "canonical_mismatch", urls.slice(0, 2), [], {}, at(0));
    await detectUrls(t, "canonical_mismatch", urls.slice(2, 4), [], {}, at(1));
    await detectUrls(t, "canonical_mismatch", urls.slice(4), [], {}, at(2));
    await detectUrls(t, "canonical_mismatch", [], [urls[4], urls[0]], {}, at(3));
    const g = await groupOf(t, "canonical_mismatch");

    const { res, body } = await listIssueUrls(t, g.id, "?limit=100");
    expect(res.status).toBe(200);
    expect(body.meta).toEqual({ total: 6, offset: 0, limit: 100, hasMore: false });
    const rows = body.data as { url: string; resolvedAt: string | null; detectedAt: string; trackedUrlId: string; issueId: string }[];
    expect(rows.map((r) => r.resolvedAt === null)).toEqual([true, true, true, true, false, false]);
    expect(rows.slice(0, 4).map((r) => r.detectedAt)).toEqual([at(2), at(1), at(1), at(0)].map((d) => d.toISOString()));
    expect(rows[4].url).toBe(urls[4].url);
    expect(rows[5].url).toBe(urls[0].url);
    expect(rows.every((r) => r.issueId === g.id)).toBe(true);

    // Pages across the open/resolved boundary join up exactly.
    const paged: string[] = [];
    for (let offset = 0; offset < 6; offset += 4) {
      const page = await listIssueUrls(t, g.id, `?offset=${offset}&limit=4`);
      expect(page.body.meta).toMatchObject({ total: 6, hasMore: offset + 4 < 6 });
      paged.push(...page.body.data.map((r: { id: string }) => r.id));
    }
    expect(paged).toEqual(body.data.map((r: { id: string }) => r.id));
    expect((await listIssueUrls(t, g.id, "?offset=3&limit=2")).body.data.map((r: { id: string }) => r.id)).toEqual(paged.slice(3, 5));
    expect((await listIssueUrls(t, g.id, "?offset=10")).body.data).toEqual([]);
    expect((await listIssueUrls(t, g.id, "?limit=0")).res.status).toBe(400);
  });
});
