import { dbOf, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { METRIC_DAYS } from "./config";
import { addDays } from "./day-keys";
import type { UntrackedPage } from "./schemas";

const PACIFIC = "America/Los_Angeles";

/**
 * Pages of the project's host that Google showed in the last 28 days and the project does not track (real
 * pages the engine knows: worth admitting), by clicks, then impressions, then URL. A page tracked since the
 * last pull is left out.
 */
export async function listUntrackedPages(ctx: OrgCtx, projectId: string, page: Pagination, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const from = addDays(pacificDayKey(now), -(METRIC_DAYS - 1));
  const rows = await dbOf(ctx).$queryRaw<{ url: string; clicks: number; impressions: number; last: Date; total: number }[]>(Prisma.sql`
    SELECT u.url, sum(u.clicks)::int AS clicks, sum(u.impressions)::int AS impressions,
           (max(u.day)::timestamp AT TIME ZONE ${PACIFIC}) AS last, count(*) OVER ()::int AS total
    FROM untracked_search_pages u
    WHERE u.project_id = ${project.id}::uuid AND u.day >= ${from}::date
      AND NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = u.project_id AND t.url = u.url)
    GROUP BY u.url
    ORDER BY clicks DESC, impressions DESC, u.url
    OFFSET ${page.offset} LIMIT ${page.limit}`);
  const data: UntrackedPage[] = rows.map((r) => ({ url: r.url, clicks28d: r.clicks, impressions28d: r.impressions, lastImpressionAt: r.last.toISOString() }));
  // Past the last page the window function has no row to ride on: count on its own then.
  const total = rows.length ? rows[0].total : page.offset === 0 ? 0 : await countUntracked(ctx, project.id, from);
  return { data, meta: pageMeta(total, page) };
}

async function countUntracked(ctx: OrgCtx, projectId: string, from: string): Promise<number> {
  const [{ n }] = await dbOf(ctx).$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT count(DISTINCT u.url)::int AS n FROM untracked_search_pages u
    WHERE u.project_id = ${projectId}::uuid AND u.day >= ${from}::date
      AND NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = u.project_id AND t.url = u.url)`);
  return n;
}
