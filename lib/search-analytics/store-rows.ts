import type { Ctx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";
import type { SearchAnalyticsRow } from "@/lib/engines/gsc";
import { isOnHost, normalizeUrl } from "@/lib/urls/normalize-url";
import { addDays } from "./day-keys";
import { METRIC_DAYS } from "./config";

export type StoreCounts = { matched: number; untracked: number; offHost: number; invalid: number };

type DayRow = { url: string; day: string; clicks: number; impressions: number; weighted: number };

/**
 * Stores one answer page of Search Analytics rows of a project. Pages are matched to tracked URLs by our
 * normalization (DESIGN.md): the #fragment the engine adds for jump links is dropped and its numbers are
 * summed into the page's; a trailing slash or a query string makes another URL, as it does for the engine
 * (such variants show up among the untracked pages). Rows of another host are counted and skipped. A row
 * adds to what earlier pages of the same pull stored for its URL and day (the pull clears the days it asks
 * again before its first page), and position is kept as the impression-weighted average.
 */
export async function storeSearchRows(
  ctx: Ctx, project: { projectId: string; domain: string }, rows: SearchAnalyticsRow[], today: string,
): Promise<StoreCounts> {
  const tx = dbOf(ctx);
  const counts: StoreCounts = { matched: 0, untracked: 0, offHost: 0, invalid: 0 };
  const byKey = new Map<string, DayRow>();
  for (const r of rows) {
    const n = normalizeUrl(r.page);
    if (!n.ok) { counts.invalid++; continue; }
    if (!isOnHost(n.host, project.domain)) { counts.offHost++; continue; }
    const key = `${r.date} ${n.url}`;
    const into = byKey.get(key) ?? { url: n.url, day: r.date, clicks: 0, impressions: 0, weighted: 0 };
    into.clicks += r.clicks;
    into.impressions += r.impressions;
    into.weighted += r.position * r.impressions;
    byKey.set(key, into);
  }
  if (!byKey.size) return counts;
  const payload = JSON.stringify([...byKey.values()]);
  const untrackedFrom = addDays(today, -(METRIC_DAYS - 1));
  // One statement: match, add to the tracked URLs' days, and keep the recent days of pages nobody tracks.
  const [res] = await tx.$queryRaw<{ matched: number; untracked: number }[]>(Prisma.sql`
    WITH v AS (
      SELECT v.url, v.day::date AS day, v.clicks, v.impressions, v.weighted, t.id AS tracked_url_id
      FROM jsonb_to_recordset(${payload}::jsonb) AS v(url text, day text, clicks int, impressions int, weighted float8)
      LEFT JOIN tracked_urls t ON t.project_id = ${project.projectId}::uuid AND t.url = v.url
    ), tracked AS (
      INSERT INTO url_search_days AS d (tracked_url_id, project_id, day, clicks, impressions, position)
      SELECT tracked_url_id, ${project.projectId}::uuid, day, clicks, impressions, CASE WHEN impressions > 0 THEN weighted / impressions ELSE 0 END
      FROM v WHERE tracked_url_id IS NOT NULL
      ON CONFLICT (tracked_url_id, day) DO UPDATE SET
        position = CASE WHEN d.impressions + EXCLUDED.impressions > 0
          THEN (d.position * d.impressions + EXCLUDED.position * EXCLUDED.impressions) / (d.impressions + EXCLUDED.impressions) ELSE 0 END,
        clicks = d.clicks + EXCLUDED.clicks, impressions = d.impressions + EXCLUDED.impressions
      RETURNING 1
    ), untracked AS (
      INSERT INTO untracked_search_pages AS u (project_id, url, day, clicks, impressions)
      SELECT ${project.projectId}::uuid, url, day, clicks, impressions FROM v
      WHERE tracked_url_id IS NULL AND day >= ${untrackedFrom}::date
      ON CONFLICT (project_id, url, day) DO UPDATE SET clicks = u.clicks + EXCLUDED.clicks, impressions = u.impressions + EXCLUDED.impressions
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM tracked)::int AS matched, (SELECT count(*) FROM v WHERE tracked_url_id IS NULL)::int AS untracked`);
  counts.matched = res.matched;
  counts.untracked = res.untracked;
  return counts;
}
