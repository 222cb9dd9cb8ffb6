import type { OrgCtx } from "@/lib/core/context";
import { db, Prisma, type SqlRunner, dbOf } from "@/lib/db";
import { lockProjectStats } from "@/lib/issues/counters";
import type { HitAggregator } from "./aggregate-hits";
import type { TrackedUrlLookup } from "./resolve-tracked-urls";
import { crawlLogConfig, UNTRACKED_PER_CHUNK } from "../config";

const DAY_MS = 86_400_000;

export type ProjectKey = { organizationId: string; projectId: string };

type UntrackedRow = { hits: number; first: number; last: number; status: number | null };

/**
 * The project's stored untracked URL paths, read once per run (at most the cap, LOG_UNTRACKED_CAP): a chunk then sends only
 * the untracked URLs that can be stored, those already listed and new ones while there is room, instead of
 * letting the database discard the rest. The database still enforces the cap; this only saves it work.
 */
export class UntrackedBook {
  private readonly known = new Set<string>();

  private constructor(private readonly cap: number) {}

  static async load(p: ProjectKey & { domain: string }): Promise<UntrackedBook> {
    const book = new UntrackedBook(crawlLogConfig().untrackedCap);
    const rows = await db.$queryRaw<{ path: string }[]>(Prisma.sql`
      SELECT substr(url, ${`https://${p.domain}`.length + 1}) AS path FROM crawl_untracked_urls WHERE project_id = ${p.projectId}::uuid LIMIT ${book.cap}`);
    for (const r of rows) book.known.add(r.path);
    return book;
  }

  /** Of a chunk's untracked URLs, those worth sending: every listed one, then new ones by hits while there is room. */
  select(rows: Map<string, UntrackedRow>): Map<string, UntrackedRow> {
    const out = new Map<string, UntrackedRow>();
    const fresh: [string, UntrackedRow][] = [];
    for (const e of rows) {
      if (this.known.has(e[0])) out.set(e[0], e[1]);
      else fresh.push(e);
    }
    const room = Math.max(0, this.cap - this.known.size);
    if (fresh.length > room) fresh.sort((a, b) => b[1].hits - a[1].hits);
    for (let i = 0; i < fresh.length && i < room; i++) out.set(fresh[i][0], fresh[i][1]);
    return out;
  }

  /** After the chunk committed: the URLs it sent are listed now (or were refused by the cap, which only costs a resend). */
  committed(keys: Iterable<string>): void {
    for (const k of keys) if (this.known.size < this.cap) this.known.add(k);
  }
}

/** Numbers or words (no commas in them) as one text parameter: `string_to_array(…, ',')` reads it back. */
const list = (values: ReadonlyArray<string | number>) => values.join(",");

/**
 * Adds one chunk's aggregates to the stored ones, inside the caller's transaction (which also moves the
 * import's checkpoint or records the pushed batch, so the chunk counts exactly once): per tracked URL ×
 * family × day, per project × family × day, and the capped list of untracked URLs. Returns the tracked URL ids
 * touched (their TrackedUrl fields follow with refreshTrackedCrawlFields) and the untracked URL paths sent. Untracked URLs'
 * hits are appended to crawl_untracked_deltas (a plain insert: updating the listed URLs chunk after chunk cost the database
 * as much as the rest of the chunk) and folded into the list by foldUntrackedUrls.
 * Each table gets one multi-row statement whose columns travel as comma-joined text (the driver would otherwise
 * quote every element of every array).
 */
export async function commitCrawlAggregates(run: SqlRunner, p: ProjectKey & { domain: string }, agg: HitAggregator, idOf: TrackedUrlLookup, book?: UntrackedBook): Promise<{ ids: string[]; untracked: string[] }> {
  const untrackedByDay = new Map<string, number>();
  let untracked = new Map<string, UntrackedRow>();
  const cols = { id: [] as string[], family: [] as string[], day: [] as number[], hits: [] as number[], s2: [] as number[], s3: [] as number[],
    s4: [] as number[], s5: [] as number[], s403: [] as number[], first: [] as number[], last: [] as number[] };
  for (const u of agg.urlDays()) {
    const id = idOf(u.path);
    if (!id) {
      const dk = u.family + u.day;
      untrackedByDay.set(dk, (untrackedByDay.get(dk) ?? 0) + u.hits);
      const t = untracked.get(u.path);
      if (t) { t.hits += u.hits; t.first = Math.min(t.first, u.first); if (u.last >= t.last) { t.last = u.last; t.status = u.lastStatus; } }
      else if (book || untracked.size < UNTRACKED_PER_CHUNK) untracked.set(u.path, { hits: u.hits, first: u.first, last: u.last, status: u.lastStatus });
      continue;
    }
    cols.id.push(id); cols.family.push(u.family); cols.day.push(u.day); cols.hits.push(u.hits);
    cols.s2.push(u.s2); cols.s3.push(u.s3); cols.s4.push(u.s4); cols.s5.push(u.s5); cols.s403.push(u.s403);
    cols.first.push(u.first); cols.last.push(u.last);
  }
  if (book) untracked = book.select(untracked);

  if (cols.id.length) {
    await run.execute(Prisma.sql`
      INSERT INTO crawl_url_days AS d (tracked_url_id, family, day, project_id, hits, status_2xx, status_3xx, status_4xx, status_5xx, status_403, first_fetch_at, last_fetch_at)
      SELECT u.id, u.family, DATE '1970-01-01' + u.day, ${p.projectId}::uuid, u.hits, u.s2, u.s3, u.s4, u.s5, u.s403,
             to_timestamp(u.first / 1000.0), to_timestamp(u.last / 1000.0)
      FROM unnest(string_to_array(${list(cols.id)}, ',')::uuid[], string_to_array(${list(cols.family)}, ','), string_to_array(${list(cols.day)}, ',')::int[],
                  string_to_array(${list(cols.hits)}, ',')::int[], string_to_array(${list(cols.s2)}, ',')::int[], string_to_array(${list(cols.s3)}, ',')::int[],
                  string_to_array(${list(cols.s4)}, ',')::int[], string_to_array(${list(cols.s5)}, ',')::int[], string_to_array(${list(cols.s403)}, ',')::int[],
                  string_to_array(${list(cols.first)}, ',')::bigint[], string_to_array(${list(cols.last)}, ',')::bigint[])
        AS u(id, family, day, hits, s2, s3, s4, s5, s403, first, last)
      ORDER BY u.id, u.family, u.day
      ON CONFLICT (tracked_url_id, family, day) DO UPDATE SET hits = d.hits + EXCLUDED.hits,
        status_2xx = d.status_2xx + EXCLUDED.status_2xx, status_3xx = d.status_3xx + EXCLUDED.status_3xx,
        status_4xx = d.status_4xx + EXCLUDED.status_4xx, status_5xx = d.status_5xx + EXCLUDED.status_5xx,
        status_403 = d.status_403 + EXCLUDED.status_403,
        first_fetch_at = LEAST(d.first_fetch_at, EXCLUDED.first_fetch_at), last_fetch_at = GREATEST(d.last_fetch_at, EXCLUDED.last_fetch_at)`);
  }

  const pd = [...agg.projectDays.values()];
  if (pd.length) {
    await run.execute(Prisma.sql`
      INSERT INTO crawl_project_days AS d (project_id, family, day, verified_hits, unverified_hits, other_hits, status_2xx, status_3xx, status_4xx, status_5xx, untracked_hits, last_seen_at)
      SELECT ${p.projectId}::uuid, u.family, DATE '1970-01-01' + u.day, u.v, u.uv, u.o, u.s2, u.s3, u.s4, u.s5, u.ut, to_timestamp(u.seen / 1000.0)
      FROM unnest(string_to_array(${list(pd.map((d) => d.family))}, ','), string_to_array(${list(pd.map((d) => d.day))}, ',')::int[],
                  string_to_array(${list(pd.map((d) => d.verified))}, ',')::int[], string_to_array(${list(pd.map((d) => d.unverified))}, ',')::int[],
                  string_to_array(${list(pd.map((d) => d.other))}, ',')::int[], string_to_array(${list(pd.map((d) => d.s2))}, ',')::int[],
                  string_to_array(${list(pd.map((d) => d.s3))}, ',')::int[], string_to_array(${list(pd.map((d) => d.s4))}, ',')::int[],
                  string_to_array(${list(pd.map((d) => d.s5))}, ',')::int[], string_to_array(${list(pd.map((d) => untrackedByDay.get(d.family + d.day) ?? 0))}, ',')::int[],
                  string_to_array(${list(pd.map((d) => d.lastSeen))}, ',')::bigint[])
        AS u(family, day, v, uv, o, s2, s3, s4, s5, ut, seen)
      ORDER BY u.family, u.day
      ON CONFLICT (project_id, family, day) DO UPDATE SET verified_hits = d.verified_hits + EXCLUDED.verified_hits,
        unverified_hits = d.unverified_hits + EXCLUDED.unverified_hits, other_hits = d.other_hits + EXCLUDED.other_hits,
        status_2xx = d.status_2xx + EXCLUDED.status_2xx, status_3xx = d.status_3xx + EXCLUDED.status_3xx,
        status_4xx = d.status_4xx + EXCLUDED.status_4xx, status_5xx = d.status_5xx + EXCLUDED.status_5xx,
        untracked_hits = d.untracked_hits + EXCLUDED.untracked_hits, last_seen_at = GREATEST(d.last_seen_at, EXCLUDED.last_seen_at)`);
  }

  if (untracked.size) await appendUntracked(run, p.projectId, untracked);
  return { ids: [...new Set(cols.id)], untracked: [...untracked.keys()] };
}

/**
 * The tracked URLs' crawl fields, recomputed from the stored aggregates (idempotent, so a resumed import
 * cannot count twice): last verified Googlebot and Bingbot fetch (never moving back) and verified hits of
 * every crawler in the last 30 days. Only rows whose values change are written. `ids` limits it to some URLs.
 */
export async function refreshTrackedCrawlFields(ctx: OrgCtx, p: ProjectKey, now: Date, ids?: string[]): Promise<number> {
  const tx = dbOf(ctx);
  if (ids && !ids.length) return 0;
  const since = new Date(now.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const only = ids ? Prisma.sql`AND tracked_url_id = ANY(${ids}::uuid[])` : Prisma.empty;
  await lockProjectStats(ctx, p.projectId); // the lock order of every writer of tracked_urls (lib/issues/detections.ts)
  return tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET last_googlebot_fetch_at = GREATEST(t.last_googlebot_fetch_at, s.g),
      last_bingbot_fetch_at = GREATEST(t.last_bingbot_fetch_at, s.b), crawler_hits_30d = s.h
    FROM (SELECT tracked_url_id AS id, max(last_fetch_at) FILTER (WHERE family = 'googlebot') AS g, max(last_fetch_at) FILTER (WHERE family = 'bingbot') AS b,
                 COALESCE(sum(hits) FILTER (WHERE day >= ${since}::date), 0)::int AS h
          FROM crawl_url_days WHERE project_id = ${p.projectId}::uuid ${only} GROUP BY tracked_url_id) s
    WHERE t.id = s.id AND t.project_id = ${p.projectId}::uuid
      AND (t.crawler_hits_30d IS DISTINCT FROM s.h OR s.g > t.last_googlebot_fetch_at OR (s.g IS NOT NULL AND t.last_googlebot_fetch_at IS NULL)
           OR s.b > t.last_bingbot_fetch_at OR (s.b IS NOT NULL AND t.last_bingbot_fetch_at IS NULL))`);
}

async function appendUntracked(run: SqlRunner, projectId: string, rows: Map<string, UntrackedRow>) {
  // Paths as one JSON array (they may hold commas), the numbers comma-joined (an empty status is NULL).
  const e = [...rows];
  await run.execute(Prisma.sql`
    INSERT INTO crawl_untracked_deltas (project_id, path, hits, last_status, first_seen_at, last_seen_at)
    SELECT ${projectId}::uuid, u.path, u.hits, u.status, to_timestamp(u.first / 1000.0), to_timestamp(u.last / 1000.0)
    FROM unnest(ARRAY(SELECT json_array_elements_text(${JSON.stringify(e.map(([path]) => path))}::json)), string_to_array(${list(e.map(([, v]) => v.hits))}, ',')::int[],
                string_to_array(${list(e.map(([, v]) => v.status ?? ""))}, ',', '')::int[], string_to_array(${list(e.map(([, v]) => v.first))}, ',')::bigint[],
                string_to_array(${list(e.map(([, v]) => v.last))}, ',')::bigint[])
      AS u(path, hits, status, first, last)`);
}

/**
 * Folds a project's untracked URL hits appended by chunks into its list, in the caller's transaction: listed URLs add
 * up; new ones enter while the project keeps fewer than the cap (LOG_UNTRACKED_CAP), most hits first; the folded rows go.
 * Folding twice, or concurrently, counts nothing twice (each appended row is deleted by the fold that counts it).
 */
export async function foldUntrackedUrls(run: SqlRunner, p: { projectId: string; domain: string }): Promise<number> {
  return run.execute(Prisma.sql`
    WITH d AS (
      DELETE FROM crawl_untracked_deltas WHERE project_id = ${p.projectId}::uuid RETURNING path, hits, last_status, first_seen_at, last_seen_at
    ), g AS (
      SELECT ${`https://${p.domain}`} || path AS url, sum(hits)::int AS hits, (array_agg(last_status ORDER BY last_seen_at DESC))[1] AS status,
             min(first_seen_at) AS first, max(last_seen_at) AS last
      FROM d GROUP BY path
    ), known AS (
      SELECT g.* FROM g JOIN crawl_untracked_urls c ON c.project_id = ${p.projectId}::uuid AND c.url = g.url
    ), fresh AS (
      SELECT g.* FROM g WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.url = g.url) ORDER BY g.hits DESC, g.url
      LIMIT GREATEST(0, ${crawlLogConfig().untrackedCap}::int - (SELECT count(*) FROM crawl_untracked_urls WHERE project_id = ${p.projectId}::uuid))
    )
    INSERT INTO crawl_untracked_urls AS c (project_id, url, verified_hits, last_status, first_seen_at, last_seen_at)
    SELECT ${p.projectId}::uuid, x.url, x.hits, x.status, x.first, x.last FROM (SELECT * FROM known UNION ALL SELECT * FROM fresh) x ORDER BY x.url
    ON CONFLICT (project_id, url) DO UPDATE SET verified_hits = c.verified_hits + EXCLUDED.verified_hits,
      last_status = CASE WHEN EXCLUDED.last_seen_at >= c.last_seen_at THEN EXCLUDED.last_status ELSE c.last_status END,
      first_seen_at = LEAST(c.first_seen_at, EXCLUDED.first_seen_at), last_seen_at = GREATEST(c.last_seen_at, EXCLUDED.last_seen_at)`);
}
