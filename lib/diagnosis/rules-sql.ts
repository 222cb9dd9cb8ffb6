// The ordered rule set as SQL (docs/diagnosis.md): one CASE per engine over the facts of a URL, so a whole project is
// diagnosed in one statement and one URL with the very same rules. Constant text built from constants (no input).
import { Prisma } from "@/lib/db";
import { SOFT_404_PATTERN, SOFT_404_WORDS, THRESHOLDS, type DiagnosisEngine } from "./causes";

const STALE = `now() - interval '${THRESHOLDS.staleCrawlDays} days'`;
/**
 * `text` as an integer when it is 1-9 digits, else null: the audit writes the word count as digits, and this keeps a
 * cast from failing on anything else. Checked by stripping the digits, not by a regular expression (a microsecond a
 * call, twice for every page of a project).
 */
export const wholeNumber = (text: string) =>
  `(CASE WHEN length(${text}) BETWEEN 1 AND 9 AND ltrim(${text}, '0123456789') = '' THEN (${text})::int END)`;
/** `fields->>'word_count'` of snapshot `ss` as a number (null when absent or not a whole number). */
const WORDS = wholeNumber("ss.fields->>'word_count'");
/** Field `field` of snapshot `ss` says the page is not there (SOFT_404_PATTERN, tried only on a text holding one of SOFT_404_WORDS). */
const saysGone = (field: string) => `(lower(ss.fields->>'${field}') LIKE ANY (ARRAY[${SOFT_404_WORDS.map((w) => `'%${w}%'`).join(", ")}])
  AND ss.fields->>'${field}' ~* '${SOFT_404_PATTERN.replace(/'/g, "''")}')`;

/**
 * A URL's field snapshot `s` with what the rules read of it worked out once per page (a regular expression costs
 * microseconds): `words`, its main text's word count, and `says_gone`, whether its title or first heading says the
 * page is not there. Scoped to the project (and to one URL for one URL's diagnosis). No OFFSET 0 fence: PostgreSQL 15
 * does not join a fenced subquery inside a parallel plan, and the diagnosis's scan of a million URLs is worth more
 * split across the cores than the fence saved by running each expression once (docs/diagnosis.md).
 */
function snapshotOf(projectId: string, urlId?: string): Prisma.Sql {
  return Prisma.sql`(
    SELECT ss.tracked_url_id, ss.fields, ss.observed_at, ${Prisma.raw(WORDS)} AS words,
      coalesce(${Prisma.raw(saysGone("title"))} OR ${Prisma.raw(saysGone("h1"))}, false) AS says_gone
    FROM url_field_snapshots ss
    WHERE ss.project_id = ${projectId}::uuid ${urlId ? Prisma.sql`AND ss.tracked_url_id = ${urlId}::uuid` : Prisma.empty})`;
}

/**
 * The facts of each URL `t` the rules read, beside its own columns: its link graph facts `uf` (url_facts) and stored
 * causes `uc` (url_causes), its field snapshot `s` (snapshotOf), latest render `r`, the content duplicate group `g` of its main
 * text, its row `nd` of a near-duplicate group (lib/diagnosis/near-duplicates.ts), and `h`, Google's latest answer for a URL Google excludes
 * (a join, not a LATERAL lookup with LIMIT 1: a LIMIT subquery keeps the whole plan on one core). Every join is to one row at most. `lg`/`lb`:
 * whether the project's server logs name any URL fetched by verified Googlebot / Bingbot (without logs, a missing
 * fetch says nothing). `urlId`: one URL's facts only.
 */
export function factsFrom(projectId: string, urlId?: string): Prisma.Sql {
  return Prisma.sql`
  tracked_urls t
  LEFT JOIN url_facts uf ON uf.tracked_url_id = t.id
  LEFT JOIN url_causes uc ON uc.tracked_url_id = t.id
  LEFT JOIN ${snapshotOf(projectId, urlId)} s ON s.tracked_url_id = t.id
  LEFT JOIN url_renders r ON r.tracked_url_id = t.id
  LEFT JOIN duplicate_groups g ON g.project_id = t.project_id AND g.kind = 'content' AND g.key = s.fields->>'main_text_hash'
  LEFT JOIN near_duplicates nd ON nd.tracked_url_id = t.id
  LEFT JOIN (
    SELECT DISTINCT ON (e.tracked_url_id) e.tracked_url_id, e.state->>'detail' AS detail, e.state->>'coverageState' AS coverage,
           e.state->>'googleCanonical' AS google_canonical, e.state->>'userCanonical' AS user_canonical, e.observed_at
    FROM tracked_urls hx JOIN url_history e ON e.tracked_url_id = hx.id AND e.kind = 'engineA'
    WHERE hx.project_id = ${projectId}::uuid AND hx.engine_a_state = 'excluded' ${urlId ? Prisma.sql`AND hx.id = ${urlId}::uuid` : Prisma.empty}
    ORDER BY e.tracked_url_id, e.observed_at DESC, e.id DESC) h ON h.tracked_url_id = t.id`;
}

/** Logs flags of the project (a scalar subquery each, evaluated once). */
export const logsFlags = (projectId: string) => Prisma.sql`
  EXISTS (SELECT 1 FROM tracked_urls x WHERE x.project_id = ${projectId}::uuid AND x.last_googlebot_fetch_at IS NOT NULL) AS lg,
  EXISTS (SELECT 1 FROM tracked_urls x WHERE x.project_id = ${projectId}::uuid AND x.last_bingbot_fetch_at IS NOT NULL) AS lb`;

/** A 200 page whose title or first heading says it is not there, or which is nearly empty (needs `s`). */
export const SOFT_404_SQL = `(t.health_state = 'healthy' AND coalesce(t.http_status, 200) = 200 AND s.tracked_url_id IS NOT NULL AND (
  s.says_gone OR s.words < ${THRESHOLDS.nearEmptyWords}))`;
/** A copy in a content duplicate group (not its kept page), among indexable pages (needs `s`, `g`). */
export const DUPLICATE_SQL = `(g.canonical_url_id IS NOT NULL AND g.canonical_url_id <> t.id AND t.indexability = 'indexable' AND t.health_state = 'healthy')`;
const THIN_SQL = `(t.health_state = 'healthy' AND s.words < ${THRESHOLDS.thinWords})`;
const RENDERED_NOINDEX = `(r.status = 'rendered' AND coalesce((r.rendered->>'noindex')::boolean, false) AND NOT coalesce((r.raw->>'noindex')::boolean, false))`;
const GOOGLE_OTHER_CANONICAL = `(h.detail IN ('canonical_differs', 'duplicate') OR (h.google_canonical IS NOT NULL
  AND h.google_canonical <> coalesce(h.user_canonical, t.canonical_url, t.url)))`;

/** The cause of `engine` for URL `t` (null while the engine indexes it), as a "NotIndexedCause" value. Needs factsFrom and `lg`, `lb`. */
export function causeSql(engine: DiagnosisEngine): Prisma.Sql {
  const a = engine === "engineA";
  const state = a ? "t.engine_a_state" : "t.engine_b_state";
  const noVerdict = a ? "('unknown', 'submitted')" : "('unknown', 'submitted', 'error')";
  const lastCrawl = a ? "greatest(t.engine_a_last_crawl_at, t.last_googlebot_fetch_at)" : "t.last_bingbot_fetch_at";
  const logs = a ? "lg" : "lb";
  const engineError = a ? `OR (t.health_state = 'unknown' AND h.detail IN ('not_found', 'fetch_error') AND coalesce(h.coverage, '') !~* '^soft 404')` : "";
  return Prisma.raw(`(CASE
    WHEN ${state} = 'indexed' THEN NULL
    WHEN t.health_state IN ('client_error', 'server_error', 'timeout') OR t.http_status >= 400 ${engineError} THEN 'http_error'
    WHEN t.health_state = 'redirected' ${a ? "OR t.engine_a_state = 'redirected'" : ""} THEN 'redirect'
    WHEN t.indexability = 'blocked_by_robots' OR ${state} = 'blocked' THEN 'robots_blocked'
    WHEN t.indexability = 'noindex' ${a ? "OR h.detail = 'noindex'" : ""} THEN 'noindex'
    WHEN ${RENDERED_NOINDEX} THEN 'noindex_rendered'
    WHEN t.indexability = 'canonicalized' ${a ? "OR h.detail = 'alternate'" : ""} THEN 'canonical_elsewhere'
    WHEN ${state} IN ${noVerdict} THEN 'no_fresh_verdict'
    ${a ? `WHEN ${GOOGLE_OTHER_CANONICAL} THEN 'google_chose_other_canonical'` : ""}
    WHEN ${SOFT_404_SQL} ${a ? "OR coalesce(h.coverage, '') ~* '^soft 404'" : ""} THEN 'soft_404'
    WHEN ${DUPLICATE_SQL} THEN 'duplicate'
    WHEN nd.canonical_url_id <> t.id AND t.indexability = 'indexable' AND t.health_state = 'healthy' THEN 'duplicate'
    WHEN ${THIN_SQL} THEN 'thin'
    WHEN uf.orphan THEN 'orphan'
    WHEN uf.inlinks_nofollow_only THEN 'nofollow_only'
    WHEN uf.click_depth >= ${THRESHOLDS.deepClicks} THEN 'deep'
    WHEN ${a ? "t.engine_a_state = 'discovered_not_indexed' OR " : ""}(${logs} AND ${lastCrawl} IS NULL ${a ? "AND t.engine_a_last_crawl_at IS NULL" : ""}) THEN 'not_crawled'
    WHEN ${lastCrawl} < ${STALE} THEN 'crawl_stale'
    WHEN t.sitemap_id IS NULL THEN 'not_in_sitemap'
    ELSE 'unknown' END)::"NotIndexedCause"`);
}
