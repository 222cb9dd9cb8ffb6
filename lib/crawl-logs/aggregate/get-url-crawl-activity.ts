import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { dbOf, Prisma } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { urlReactions, type UrlReaction } from "./crawl-reactions";
import { CRAWLER_FAMILIES } from "../identify/crawlers";
import type { UrlCrawlDay } from "../schemas";

/**
 * One tracked URL's verified crawler fetches per UTC day and family over the last `days` days, ascending (days without a
 * fetch are left out); a day that holds the engine's reaction to a request (IndexNow, check again) carries it.
 */
export async function getUrlCrawlActivity(ctx: OrgCtx, projectId: string, urlId: string, days: number, now = new Date()): Promise<UrlCrawlDay[]> {
  const project = await getProjectOrThrow(ctx, projectId);
  const url = await dbOf(ctx).trackedUrl.findFirst({ where: { id: urlId, projectId: project.id, organizationId: project.organizationId }, select: { id: true } });
  if (!url) throw new DomainError("NOT_FOUND", "URL not found");
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await dbOf(ctx).$queryRaw<{ day: string; family: string; hits: number; s2: number; s3: number; s4: number; s5: number; last: Date }[]>(Prisma.sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, family, hits, status_2xx AS s2, status_3xx AS s3, status_4xx AS s4, status_5xx AS s5, last_fetch_at AS last
    FROM crawl_url_days WHERE tracked_url_id = ${url.id}::uuid AND day >= ${from}::date ORDER BY day, family`);
  const reactions = new Map<string, UrlReaction[]>();
  for (const r of await urlReactions(dbOf(ctx), project.id, url.id, new Date(`${from}T00:00:00Z`))) {
    const k = `${r.day}|${r.crawler}`;
    reactions.set(k, [...(reactions.get(k) ?? []), r]);
  }
  const names = new Map(CRAWLER_FAMILIES.map((f) => [f.family as string, f.displayName]));
  return rows.map((r) => ({ date: r.day, crawler: r.family, name: names.get(r.family) ?? r.family, hits: r.hits,
    status2xx: r.s2, status3xx: r.s3, status4xx: r.s4, status5xx: r.s5, lastFetchAt: r.last.toISOString(),
    reactions: (reactions.get(`${r.day}|${r.family}`) ?? []).map((x) => ({
      trigger: x.trigger, triggeredAt: x.triggeredAt.toISOString(), fetchedAt: x.fetchedAt.toISOString(), hours: x.hours, approximate: x.approximate })) }));
}
