import type { OrgCtx } from "@/lib/core/context";
import { dbOf, Prisma } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";

export type CrawledUrl = { id: string; url: string; crawlerHits30d: number; lastGooglebotFetchAt: string | null; lastBingbotFetchAt: string | null };
export type NeglectedUrl = { id: string; url: string; priority: string | null; clicks28d: number | null; lastGooglebotFetchAt: string | null };

/** Never-crawled important URLs: priority high or with clicks, and no verified Googlebot fetch in this many days. */
export const NEGLECT_DAYS = 14;

/**
 * The crawl page's two lists of tracked URLs: the most crawled in 30 days (verified hits of every
 * crawler), and important URLs (priority high, or clicks in 28 days) Googlebot has not fetched in 14 days.
 */
export async function listCrawlHighlights(ctx: OrgCtx, projectId: string, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const db = dbOf(ctx);
  const since = new Date(now.getTime() - NEGLECT_DAYS * 86_400_000);
  const important = Prisma.sql`t.project_id = ${project.id}::uuid AND (t.priority = 'high' OR t.clicks_28d > 0)
    AND (t.last_googlebot_fetch_at IS NULL OR t.last_googlebot_fetch_at < ${since})`;
  const [top, neglected, [{ n }]] = await Promise.all([
    db.$queryRaw<{ id: string; url: string; hits: number; g: Date | null; b: Date | null }[]>(Prisma.sql`
      SELECT id::text, url, crawler_hits_30d AS hits, last_googlebot_fetch_at AS g, last_bingbot_fetch_at AS b FROM tracked_urls
      WHERE project_id = ${project.id}::uuid AND crawler_hits_30d > 0 ORDER BY crawler_hits_30d DESC, url LIMIT 10`),
    db.$queryRaw<{ id: string; url: string; priority: string | null; clicks: number | null; g: Date | null }[]>(Prisma.sql`
      SELECT t.id::text, t.url, t.priority::text AS priority, t.clicks_28d AS clicks, t.last_googlebot_fetch_at AS g FROM tracked_urls t
      WHERE ${important} ORDER BY t.clicks_28d DESC NULLS LAST, t.url LIMIT 10`),
    db.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n FROM tracked_urls t WHERE ${important}`),
  ]);
  return {
    topCrawled: top.map((r): CrawledUrl => ({ id: r.id, url: r.url, crawlerHits30d: r.hits, lastGooglebotFetchAt: r.g?.toISOString() ?? null, lastBingbotFetchAt: r.b?.toISOString() ?? null })),
    neglected: neglected.map((r): NeglectedUrl => ({ id: r.id, url: r.url, priority: r.priority, clicks28d: r.clicks, lastGooglebotFetchAt: r.g?.toISOString() ?? null })),
    neglectedTotal: n,
    neglectDays: NEGLECT_DAYS,
  };
}
