import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestUser } from "../factories";
import { counters, detectUrls, groupOf, listIssueUrls, patchIssue, projectFor, trackUrls, type Target } from "./helpers";
import type { UrlRef } from "@/lib/issues/detections";

// 100k on PostgreSQL (CI). The embedded database runs one statement at a time for every test file,
// so there the default is 20k to keep parallel suites responsive; ISSUES_SCALE_N=100000 measures it.
const N = Number(process.env.ISSUES_SCALE_N ?? (process.env.TEST_EMBEDDED_DB ? 20_000 : 100_000));
let t: Target;
let urls: UrlRef[];

beforeAll(async () => {
  t = await projectFor(await createTestUser("issues-scale"));
  urls = await trackUrls(t, N);
}, 300_000);

const timed = async (label: string, run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  const ms = Math.round(performance.now() - start);
  console.log(`[issues scale] ${label}: ${ms} ms`);
  return ms;
};

describe(`detections of ${N.toLocaleString("en")} URLs in one call`, () => {
  it("open, repeat (no change), clear half and resolve by hand, set-based", async () => {
    const first = await timed("first detection", () => detectUrls(t, "stale_missing_from_sitemap", urls));
    let g = await groupOf(t, "stale_missing_from_sitemap");
    expect(g.affectedUrlCount).toBe(N);
    expect(g.sampleUrls).toHaveLength(10);
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: N });

    await timed("same detection again", () => detectUrls(t, "stale_missing_from_sitemap", urls));
    await timed("second type, overlapping half", () => detectUrls(t, "broken_link", urls.slice(0, N / 2)));
    expect((await counters(t)).stored).toEqual({ openIssues: 2, urlsWithIssues: N });
    await timed("clear half", () => detectUrls(t, "stale_missing_from_sitemap", [], urls.slice(N / 2)));
    g = await groupOf(t, "stale_missing_from_sitemap");
    expect(g.affectedUrlCount).toBe(N / 2);
    expect((await counters(t)).stored).toEqual({ openIssues: 2, urlsWithIssues: N / 2 });

    const page = await listIssueUrls(t, g.id, `?offset=${N / 2 - 1}&limit=3`);
    expect(page.body.meta).toMatchObject({ total: N });
    expect(page.body.data.map((m: { resolvedAt: string | null }) => m.resolvedAt === null)).toEqual([true, false, false]);

    await timed("manual resolve", () => patchIssue(t, g.id, { status: "resolved" }));
    expect(await db.issueUrlMembership.count({ where: { issueId: g.id, resolvedAt: null } })).toBe(0);
    expect((await counters(t)).stored).toEqual({ openIssues: 1, urlsWithIssues: N / 2 });
    // A generous bound: the point is one set-based statement per step, not a per-row loop.
    expect(first).toBeLessThan(30_000);
  }, 300_000);
});
