// The engines' reaction to what the product asked of them: the first verified Googlebot or Bingbot fetch of a URL
// after a "check again" (an audit the user asked for: check again or inspect now) or after an IndexNow submission
// that delivered it. Read from the stored daily aggregates, which keep each day's first and last fetch: the first
// fetch after the moment is exact unless the moment fell between a day's first and last fetch of more than two, when
// the last one is the answer and an upper bound (`approximate`).
import { roundTenth } from "@/lib/core/round-tenth";
import { Prisma } from "@/lib/db";
import type { Db } from "@/lib/db";

/** A fetch later than this after the request is not counted as its reaction. */
export const REACTION_WINDOW_DAYS = 14;
/** The project figures weigh at most this many of the latest requests of each kind (a bounded read on large projects). */
export const REACTION_SAMPLE = 20_000;

export type ReactionTrigger = "indexnow" | "check_again";
export type UrlReaction = {
  trigger: ReactionTrigger; crawler: "googlebot" | "bingbot"; triggeredAt: Date; fetchedAt: Date; day: string; hours: number; approximate: boolean;
};
export type ReactionStats = { requests: number; fetched: number; medianHours: number | null; p90Hours: number | null };

type Queryable = Pick<Db, "$queryRaw">;

// Which crawler answers which request: IndexNow reaches Bing (not Google); a check again asks both engines.
const PAIRS = Prisma.sql`(VALUES ('indexnow', 'bingbot'), ('check_again', 'googlebot'), ('check_again', 'bingbot')) AS f(trigger, family)`;
const DELIVERED = Prisma.sql`s.status IN ('accepted', 'submitted')`;
const CHECK_AGAIN = Prisma.sql`h.kind = 'audit' AND h.source IN ('requested', 'inspect_now')`;

/**
 * The first fetch of `p.family` at or after `p.at` of the URL `p.id`, within the window and before the next request of the
 * same kind (which then owns the fetch). `p` is a row with id, family, at and next.
 */
const firstFetchAfter = Prisma.sql`
  SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
         CASE WHEN d.first_fetch_at >= p.at THEN d.first_fetch_at ELSE d.last_fetch_at END AS fetched,
         (d.first_fetch_at < p.at AND d.hits > 2) AS approx
  FROM crawl_url_days d
  WHERE d.tracked_url_id = p.id AND d.family = p.family AND d.day >= (p.at AT TIME ZONE 'UTC')::date
    AND d.day <= ((p.at + make_interval(days => ${REACTION_WINDOW_DAYS}::int)) AT TIME ZONE 'UTC')::date AND d.last_fetch_at >= p.at
  ORDER BY d.day LIMIT 1`;

const reactionFilter = Prisma.sql`r.fetched <= p.at + make_interval(days => ${REACTION_WINDOW_DAYS}::int) AND (p.next IS NULL OR r.fetched < p.next)`;

/** One URL's requests since `from` and the crawler fetch that answered each (requests not answered yet are left out). */
export async function urlReactions(db: Queryable, projectId: string, urlId: string, from: Date): Promise<UrlReaction[]> {
  const rows = await db.$queryRaw<{ trigger: ReactionTrigger; family: "googlebot" | "bingbot"; at: Date; fetched: Date; day: string; approx: boolean }[]>(Prisma.sql`
    WITH triggers AS (
      SELECT 'indexnow'::text AS trigger, s.created_at AS at
      FROM submissions s JOIN submission_urls su ON su.submission_id = s.id AND su.tracked_url_id = ${urlId}::uuid
      WHERE s.project_id = ${projectId}::uuid AND s.created_at >= ${from} AND ${DELIVERED}
      UNION ALL
      SELECT 'check_again', h.observed_at FROM url_history h
      WHERE h.tracked_url_id = ${urlId}::uuid AND h.project_id = ${projectId}::uuid AND h.observed_at >= ${from} AND ${CHECK_AGAIN}
    ), p AS (
      SELECT ${urlId}::uuid AS id, t.trigger, f.family, t.at, lead(t.at) OVER (PARTITION BY t.trigger, f.family ORDER BY t.at) AS next
      FROM triggers t JOIN ${PAIRS} ON f.trigger = t.trigger
    )
    SELECT p.trigger, p.family, p.at, r.fetched, r.day, r.approx
    FROM p CROSS JOIN LATERAL (${firstFetchAfter}) r
    WHERE ${reactionFilter}
    ORDER BY p.at, p.family`);
  return rows.map((r) => ({
    trigger: r.trigger, crawler: r.family, triggeredAt: r.at, fetchedAt: r.fetched, day: r.day, approximate: r.approx,
    hours: roundTenth((r.fetched.getTime() - r.at.getTime()) / 3_600_000)!,
  }));
}

/**
 * The project's reaction times since `from`: IndexNow submissions to Bingbot's fetch, and check again to Googlebot's,
 * over the latest REACTION_SAMPLE requests of each kind: how many requests, how many a fetch answered, median and 90th
 * percentile hours.
 */
export async function projectReactionStats(db: Queryable, projectId: string, from: Date): Promise<{ indexNowToBingbot: ReactionStats; checkAgainToGooglebot: ReactionStats }> {
  const rows = await db.$queryRaw<{ trigger: ReactionTrigger; requests: number; fetched: number; median: number | null; p90: number | null }[]>(Prisma.sql`
    WITH triggers AS (
      (SELECT 'indexnow'::text AS trigger, 'bingbot'::text AS family, su.tracked_url_id AS id, s.created_at AS at
       FROM submissions s JOIN submission_urls su ON su.submission_id = s.id
       WHERE s.project_id = ${projectId}::uuid AND s.created_at >= ${from} AND ${DELIVERED}
       ORDER BY s.created_at DESC LIMIT ${REACTION_SAMPLE})
      UNION ALL
      (SELECT 'check_again', 'googlebot', h.tracked_url_id, h.observed_at FROM url_history h
       WHERE h.project_id = ${projectId}::uuid AND h.observed_at >= ${from} AND ${CHECK_AGAIN}
       ORDER BY h.observed_at DESC LIMIT ${REACTION_SAMPLE})
    ), p AS (
      SELECT t.*, lead(t.at) OVER (PARTITION BY t.trigger, t.id ORDER BY t.at) AS next FROM triggers t
    ), answered AS (
      SELECT p.trigger, EXTRACT(EPOCH FROM (r.fetched - p.at)) / 3600.0 AS hours
      FROM p CROSS JOIN LATERAL (${firstFetchAfter}) r
      WHERE ${reactionFilter}
    )
    SELECT t.trigger, t.requests, count(a.hours)::int AS fetched,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY a.hours)::float AS median, percentile_cont(0.9) WITHIN GROUP (ORDER BY a.hours)::float AS p90
    FROM (SELECT trigger, count(*)::int AS requests FROM triggers GROUP BY trigger) t LEFT JOIN answered a ON a.trigger = t.trigger
    GROUP BY t.trigger, t.requests`);
  const stats = (trigger: ReactionTrigger): ReactionStats => {
    const r = rows.find((x) => x.trigger === trigger);
    return { requests: r?.requests ?? 0, fetched: r?.fetched ?? 0, medianHours: roundTenth(r?.median ?? null), p90Hours: roundTenth(r?.p90 ?? null) };
  };
  return { indexNowToBingbot: stats("indexnow"), checkAgainToGooglebot: stats("check_again") };
}

