import { beforeAll, describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { isAllowed, parseRobots, type RobotsTxt } from "@/lib/robots";
import { computeRobotsImpact, IMPACT_AGENTS } from "@/lib/site-watch/impact";
import { createTestProject, createTestTenant, type TestTenant } from "../factories";

// The streamed impact (one cursor, verdicts memoised per path prefix when the rules allow it) must count exactly what
// judging every URL with lib/robots isAllowed counts.

let tenant: TestTenant;
let projectId: string;
const host = `impact-${Date.now()}.example`;
const paths = [
  "/", "/robots.txt", "/robots.txt?x=1", "/robots.txtx", "/admin", "/admin/", "/admin/a", "/shop", "/shop/", "/shop/a?ref=3",
  "/shop/b?ref=1", "/blog/item-1", "/blog/item-10", "/blog/item-2", "/docs/a", "/docs/a.pdf", "/Docs/A", "/caf%C3%A9/x", "/café/y",
  "/a%2fb", "/p/x*y", "/index.html", "/x$y", "/search?q=a&sort=b", "/shopping",
];
const N = 600;

function expected(before: RobotsTxt, after: RobotsTxt, urls: { url: string; high: boolean; impressions: number; clicks: number }[]) {
  const out = new Map<string, { newlyBlocked: number; newlyAllowed: number; highPriorityBlocked: number; impressions28dBlocked: number }>();
  for (const a of IMPACT_AGENTS) {
    const c = { newlyBlocked: 0, newlyAllowed: 0, highPriorityBlocked: 0, impressions28dBlocked: 0 };
    for (const u of urls) {
      const was = isAllowed(before, a.token, u.url);
      const is = isAllowed(after, a.token, u.url);
      if (was === is) continue;
      if (is) c.newlyAllowed++;
      else {
        c.newlyBlocked++;
        if (u.high) c.highPriorityBlocked++;
        c.impressions28dBlocked += u.impressions;
      }
    }
    out.set(a.name, c);
  }
  return out;
}

const urls = Array.from({ length: N }, (_, i) => ({
  url: `https://${host}${paths[i % paths.length]}${i >= paths.length ? `${paths[i % paths.length].includes("?") ? "&" : "?"}n=${i}` : ""}`,
  high: i % 7 === 0, impressions: i % 5 === 0 ? i : 0, clicks: i % 5 === 0 ? 1 : 0,
}));

beforeAll(async () => {
  tenant = await createTestTenant("impact");
  projectId = (await createTestProject(tenant, { domain: host })).id;
  await db.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, priority, impressions_28d, clicks_28d, updated_at)
    SELECT gen_random_uuid(), ${tenant.organizationId}::uuid, ${projectId}::uuid, u, 'manual', CASE WHEN h THEN 'high'::"UrlPriority" END, i, c, now()
    FROM unnest(${urls.map((u) => u.url)}::text[], ${urls.map((u) => u.high)}::bool[], ${urls.map((u) => u.impressions)}::int[], ${urls.map((u) => u.clicks)}::int[]) AS t(u, h, i, c)`);
  // Another host's URL of the same project is not the watched robots.txt's business.
  await db.trackedUrl.create({ data: { organizationId: tenant.organizationId, projectId, url: "https://other.example/shop/a", source: "manual" } });
});

const cases: [string, string, string][] = [
  ["plain prefixes (memoised per prefix)", "User-agent: *\nDisallow: /admin\n", "User-agent: *\nDisallow: /admin\nDisallow: /shop\nAllow: /shop/a\nDisallow: /docs*\n\nUser-agent: GPTBot\nDisallow: /\n"],
  ["wildcards and anchors (judged per URL)", "User-agent: *\nDisallow: /admin\n\nUser-agent: GPTBot\nDisallow: /docs\n",
    "User-agent: *\nDisallow: /admin\nDisallow: /shop\nDisallow: /*?ref=3\nAllow: /blog/item-1$\nDisallow: /*.pdf$\nDisallow: /caf%C3%A9\n\nUser-agent: GPTBot\nDisallow: /\n"],
  ["everything blocked, then allowed again", "User-agent: *\nDisallow: /\n", "User-agent: *\nAllow: /\n"],
  ["Googlebot's own group", "User-agent: *\nDisallow:\n", "User-agent: Googlebot\nDisallow: /blog\nDisallow: /index.html\n\nUser-agent: *\nDisallow: /search\n"],
];

describe("robots.txt impact over the tracked URLs", () => {
  for (const [name, a, b] of cases) {
    it(`counts as isAllowed judges each URL: ${name}`, async () => {
      const before = parseRobots(a);
      const after = parseRobots(b);
      const impact = await computeRobotsImpact(projectId, host, before, after);
      expect(impact.urlsScanned).toBe(N);
      const want = expected(before, after, urls);
      const got = new Map([["googlebot", impact.googlebot], ["bingbot", impact.bingbot], ...impact.ai.map((x) => [x.crawler, x] as const)]);
      for (const [agent, c] of want) expect({ agent, ...got.get(agent) }).toMatchObject({ agent, ...c });
      const important = urls.filter((u) => (u.high || u.impressions > 0)
        && ["Googlebot", "Bingbot"].some((t) => isAllowed(before, t, u.url) && !isAllowed(after, t, u.url))).length;
      expect(impact.importantBlocked).toBe(important);
      expect(impact.googlebot.sampleUrls.length).toBe(Math.min(10, want.get("googlebot")!.newlyBlocked));
    });
  }
});
