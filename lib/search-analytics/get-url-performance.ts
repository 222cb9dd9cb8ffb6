import { dbOf, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { addDays } from "./day-keys";
import type { PerformanceDay } from "./schemas";

/**
 * One URL's daily clicks, impressions, CTR and position over the last `days` Pacific days (today included),
 * ascending, every day present: a day without a row had no impressions reported (zero, position null).
 */
export async function getUrlPerformance(ctx: OrgCtx, projectId: string, urlId: string, days: number, now = new Date()): Promise<PerformanceDay[]> {
  const project = await getProjectOrThrow(ctx, projectId);
  const db = dbOf(ctx);
  const url = await db.trackedUrl.findFirst({ where: { id: urlId, projectId: project.id, organizationId: project.organizationId }, select: { id: true } });
  if (!url) throw new DomainError("NOT_FOUND", "URL not found");
  const today = pacificDayKey(now);
  const from = addDays(today, -(days - 1));
  const rows = await db.$queryRaw<{ day: string; clicks: number; impressions: number; position: number | null }[]>(Prisma.sql`
    SELECT to_char(g.day, 'YYYY-MM-DD') AS day, COALESCE(d.clicks, 0) AS clicks, COALESCE(d.impressions, 0) AS impressions, d.position::float8 AS position
    FROM generate_series(${from}::date, ${today}::date, interval '1 day') AS g(day)
    LEFT JOIN url_search_days d ON d.tracked_url_id = ${url.id}::uuid AND d.day = g.day::date
    ORDER BY g.day`);
  return rows.map((r) => ({
    date: r.day, clicks: r.clicks, impressions: r.impressions,
    ctr: r.impressions > 0 ? r.clicks / r.impressions : 0,
    position: r.impressions > 0 && r.position !== null ? Math.round(r.position * 100) / 100 : null,
  }));
}
