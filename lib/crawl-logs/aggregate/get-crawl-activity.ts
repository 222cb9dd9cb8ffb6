import type { OrgCtx } from "@/lib/core/context";
import { validationError } from "@/lib/core/errors";
import { dbOf, Prisma } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { projectReactionStats } from "./crawl-reactions";
import { CRAWLER_FAMILIES, CRAWLER_FAMILY_IDS, type CrawlerFamily } from "../identify/crawlers";
import { CrawlActivityResponse } from "../schemas";
import { roundTenth } from "@/lib/core/round-tenth";

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Per UTC day and crawler family over the last `days` days: verified, unverified (spoofed) and
 * unverifiable hits, status classes of verified hits; totals per family; and time to crawl (hours from
 * our discovery of a URL to the first verified Googlebot / Bingbot fetch) for URLs discovered in the window; and the
 * engines' reaction times (IndexNow submission to Bingbot's fetch, check again to Googlebot's).
 */
export async function getCrawlActivity(ctx: OrgCtx, projectId: string, q: { days: number; crawler?: string }, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  if (q.crawler && !CRAWLER_FAMILY_IDS.includes(q.crawler as CrawlerFamily)) {
    throw validationError("Unknown crawler", [{ path: "crawler", code: "invalid_value", message: `Use one of ${CRAWLER_FAMILY_IDS.join(", ")}` }]);
  }
  const to = day(now);
  const from = day(new Date(now.getTime() - (q.days - 1) * DAY_MS));
  const familyFilter = q.crawler ? Prisma.sql`AND family = ${q.crawler}` : Prisma.empty;
  const rows = await dbOf(ctx).$queryRaw<{ day: Date; family: string; v: number; uv: number; o: number; s2: number; s3: number; s4: number; s5: number; seen: Date | null }[]>(Prisma.sql`
    SELECT day, family, verified_hits AS v, unverified_hits AS uv, other_hits AS o, status_2xx AS s2, status_3xx AS s3, status_4xx AS s4, status_5xx AS s5, last_seen_at AS seen
    FROM crawl_project_days WHERE project_id = ${project.id}::uuid AND day BETWEEN ${from}::date AND ${to}::date ${familyFilter}
    ORDER BY day, family`);
  const info = new Map(CRAWLER_FAMILIES.map((f) => [f.family as string, f]));
  const name = (f: string) => info.get(f)?.displayName ?? f;
  const totals = new Map<string, { v: number; uv: number; o: number; s2: number; s3: number; s4: number; s5: number; seen: Date | null }>();
  for (const r of rows) {
    const t = totals.get(r.family) ?? { v: 0, uv: 0, o: 0, s2: 0, s3: 0, s4: 0, s5: 0, seen: null };
    t.v += r.v; t.uv += r.uv; t.o += r.o; t.s2 += r.s2; t.s3 += r.s3; t.s4 += r.s4; t.s5 += r.s5;
    if (r.seen && (!t.seen || r.seen > t.seen)) t.seen = r.seen;
    totals.set(r.family, t);
  }
  const order = CRAWLER_FAMILIES.map((f) => f.family as string);
  return CrawlActivityResponse.parse({
    from, to,
    days: rows.map((r) => ({ date: day(r.day), crawler: r.family, name: name(r.family), verifiedHits: r.v, unverifiedHits: r.uv, otherHits: r.o,
      status2xx: r.s2, status3xx: r.s3, status4xx: r.s4, status5xx: r.s5 })),
    totals: [...totals.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])).map(([family, t]) => ({
      crawler: family, name: name(family), kind: info.get(family)?.kind ?? "other_bot", verifiedHits: t.v, unverifiedHits: t.uv, otherHits: t.o,
      lastSeenAt: t.seen ? t.seen.toISOString() : null, status2xx: t.s2, status3xx: t.s3, status4xx: t.s4, status5xx: t.s5 })),
    timeToCrawl: {
      googlebot: await timeToCrawl(ctx, project.id, "googlebot", from),
      bingbot: await timeToCrawl(ctx, project.id, "bingbot", from),
    },
    reactions: await projectReactionStats(dbOf(ctx), project.id, new Date(`${from}T00:00:00Z`)),
  });
}

async function timeToCrawl(ctx: OrgCtx, projectId: string, family: string, from: string) {
  const [r] = await dbOf(ctx).$queryRaw<{ urls: number; median: number | null; p90: number | null }[]>(Prisma.sql`
    WITH firsts AS (
      SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(d.first_fetch_at) - t.discovered_at)) / 3600.0) AS hours
      FROM tracked_urls t JOIN crawl_url_days d ON d.tracked_url_id = t.id AND d.family = ${family}
      WHERE t.project_id = ${projectId}::uuid AND t.discovered_at >= ${from}::date
      GROUP BY t.id, t.discovered_at
    )
    SELECT count(*)::int AS urls, percentile_cont(0.5) WITHIN GROUP (ORDER BY hours)::float AS median,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY hours)::float AS p90 FROM firsts`);
  return { urls: r.urls, medianHours: roundTenth(r.median), p90Hours: roundTenth(r.p90) };
}
