import { likeEscape, Prisma } from "@/lib/db";
import { ENGINE_A_NOT_INDEXED, ENGINE_B_NOT_INDEXED, NON_INDEXABLE, type UrlFilters } from "./schemas";

// The disagreement predicates of schemas.ts, as constant SQL over the table aliased `t`. They are not
// parameters so that the planner can match them to the partial indexes built on the same expressions.
const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");
const INDEXABLE_NOT_IN_ENGINE = `t.indexability = 'indexable' AND (t.engine_a_state IN (${inList(ENGINE_A_NOT_INDEXED)}) OR t.engine_b_state IN (${inList(ENGINE_B_NOT_INDEXED)}))`;
const NONINDEXABLE_BUT_INDEXED = `t.indexability IN (${inList(NON_INDEXABLE)}) AND (t.engine_a_state = 'indexed' OR t.engine_b_state = 'indexed')`;
const DISAGREEMENT_SQL = {
  indexable_not_in_engine: Prisma.raw(INDEXABLE_NOT_IN_ENGINE),
  nonindexable_but_indexed: Prisma.raw(NONINDEXABLE_BUT_INDEXED),
  any: Prisma.raw(`((${INDEXABLE_NOT_IN_ENGINE}) OR (${NONINDEXABLE_BUT_INDEXED}))`),
};

// The live counters' definitions (the live_counters triggers and lib/stats/reconcile-stats.ts), over `t`.
const COUNTER_SQL = {
  broken: Prisma.raw(`t.health_state IN ('client_error', 'server_error', 'timeout')`),
  indexed: Prisma.raw(`(t.engine_a_state = 'indexed' OR t.engine_b_state = 'indexed')`),
  not_indexed: Prisma.raw(`(NOT (t.engine_a_state = 'indexed' OR t.engine_b_state = 'indexed') AND (t.engine_a_state <> 'unknown' OR t.engine_b_state <> 'unknown'))`),
};

// The cause filter's condition over the URL's causes `fc` (url_causes), each walking a partial index in list order
// (constant text). not_indexed_cause is COALESCE(engine_a_cause, engine_b_cause), stored (migration url_causes).
// Google's cause has no index of its own: a URL whose Google cause is X has X as its one cause, so the condition names
// not_indexed_cause too, and the walk of its index checks Google's cause there.
const CAUSE_CONDITION = {
  any: (cause: string) => Prisma.sql`fc.not_indexed_cause = ${cause}::"NotIndexedCause"`,
  engineA: (cause: string) => Prisma.sql`fc.not_indexed_cause = ${cause}::"NotIndexedCause" AND fc.engine_a_cause = ${cause}::"NotIndexedCause"`,
  engineB: (cause: string) => Prisma.sql`fc.engine_b_cause = ${cause}::"NotIndexedCause"`,
};

/** The filters read from url_facts (the link graph's facts) or url_causes (the diagnosis's), not from tracked_urls. */
export const FACT_FILTERS = ["cause", "causeEngine", "orphan", "clickDepthMin"] as const satisfies readonly (keyof UrlFilters)[];
const isFactFilter = (k: keyof UrlFilters) => (FACT_FILTERS as readonly string[]).includes(k);
/** Only fact filters are set, and at least one with a condition (causeEngine alone has none). */
export const onlyFactFilters = (f: UrlFilters) => activeFilters(f).every(isFactFilter) && (causeConditions(f).length + linkConditions(f).length) > 0;

/** The cause filter's condition over url_causes aliased `fc` (none set: empty). A URL without a row has no cause. */
function causeConditions(f: UrlFilters): Prisma.Sql[] {
  return f.cause ? [CAUSE_CONDITION[f.causeEngine ?? "any"](f.cause)] : [];
}

/**
 * The link graph's filters over url_facts aliased `fx` (none set: empty). A URL without a row has every fact null,
 * so it matches none of them (orphan=false and clickDepthMin too need a known value).
 */
function linkConditions(f: UrlFilters): Prisma.Sql[] {
  const c: Prisma.Sql[] = [];
  if (f.orphan) c.push(f.orphan === "true" ? Prisma.sql`fx.orphan` : Prisma.sql`fx.orphan = false`);
  if (f.clickDepthMin !== undefined) c.push(Prisma.sql`fx.click_depth >= ${f.clickDepthMin}::int`);
  return c;
}

/**
 * The rows the fact filters select, for a walk or a count of the project's URLs under them alone (`lead`: the alias
 * whose tracked_url_id and discovered_at to read): url_causes `fc` under a cause filter (its partial indexes hold
 * just those URLs in list order), joined to url_facts `fx` when a link fact is filtered too; else url_facts `fx`.
 * `from` goes after FROM (further joins may follow it), `where` after WHERE.
 */
export function factRows(projectId: string, f: UrlFilters): { from: Prisma.Sql; where: Prisma.Sql; lead: Prisma.Sql } {
  const causes = causeConditions(f);
  const links = linkConditions(f);
  if (!causes.length) {
    return { from: Prisma.sql`url_facts fx`, where: Prisma.join([Prisma.sql`fx.project_id = ${projectId}::uuid`, ...links], " AND "), lead: Prisma.raw("fx") };
  }
  return {
    from: links.length
      ? Prisma.sql`url_causes fc JOIN url_facts fx ON fx.tracked_url_id = fc.tracked_url_id AND ${Prisma.join(links, " AND ")}`
      : Prisma.sql`url_causes fc`,
    where: Prisma.join([Prisma.sql`fc.project_id = ${projectId}::uuid`, ...causes], " AND "),
    lead: Prisma.raw("fc"),
  };
}

/** URL `t` has an open membership in an issue group that is open (open_issue_urls holds exactly those URLs). */
const HAS_OPEN_ISSUE = Prisma.sql`EXISTS (SELECT 1 FROM open_issue_urls o WHERE o.tracked_url_id = t.id)`;

/** The filters that are set, in a fixed order. */
export function activeFilters(f: UrlFilters): (keyof UrlFilters)[] {
  return (Object.keys(f) as (keyof UrlFilters)[]).filter((k) => f[k] !== undefined).sort();
}

/** WHERE conditions (joined with AND) for a project's URLs under the filters; t is tracked_urls. */
export function urlConditions(projectId: string, f: UrlFilters): Prisma.Sql[] {
  const c: Prisma.Sql[] = [Prisma.sql`t.project_id = ${projectId}::uuid`];
  if (f.q) c.push(Prisma.sql`t.url ILIKE ${`%${likeEscape(f.q)}%`} ESCAPE '\\'`);
  if (f.healthState) c.push(Prisma.sql`t.health_state = ${f.healthState}::"HealthState"`);
  if (f.indexability) c.push(Prisma.sql`t.indexability = ${f.indexability}::"Indexability"`);
  if (f.engineAState) c.push(Prisma.sql`t.engine_a_state = ${f.engineAState}::"EngineAState"`);
  if (f.engineBState) c.push(Prisma.sql`t.engine_b_state = ${f.engineBState}::"EngineBState"`);
  if (f.source) c.push(Prisma.sql`t.source = ${f.source}::"UrlSource"`);
  if (f.hasIssues) c.push(f.hasIssues === "true" ? HAS_OPEN_ISSUE : Prisma.sql`NOT ${HAS_OPEN_ISSUE}`);
  if (f.isStale) c.push(f.isStale === "true" ? Prisma.sql`t.stale_at IS NOT NULL` : Prisma.sql`t.stale_at IS NULL`);
  if (f.disagreement) c.push(DISAGREEMENT_SQL[f.disagreement]);
  if (f.counter) c.push(COUNTER_SQL[f.counter]);
  if (f.stateSource) c.push(f.stateSource === "none" ? Prisma.sql`t.engine_a_state_source IS NULL` : Prisma.sql`t.engine_a_state_source = ${f.stateSource}::"UrlStateSource"`);
  if (f.verdictOlderThanDays) c.push(olderThan("engine_a_observed_at", f.verdictOlderThanDays));
  if (f.notCrawledDays) c.push(olderThan("last_googlebot_fetch_at", f.notCrawledDays));
  const causes = causeConditions(f);
  if (causes.length) c.push(Prisma.sql`EXISTS (SELECT 1 FROM url_causes fc WHERE fc.tracked_url_id = t.id AND ${Prisma.join(causes, " AND ")})`);
  const links = linkConditions(f);
  if (links.length) c.push(Prisma.sql`EXISTS (SELECT 1 FROM url_facts fx WHERE fx.tracked_url_id = t.id AND ${Prisma.join(links, " AND ")})`);
  return c;
}

/** `text` matched literally inside a LIKE pattern whose escape character is a backslash. */

const olderThan = (column: "engine_a_observed_at" | "last_googlebot_fetch_at", days: number) =>
  Prisma.sql`(t.${Prisma.raw(column)} IS NULL OR t.${Prisma.raw(column)} < now() - make_interval(days => ${days}::int))`;

export const SORT_COLUMNS = {
  discoveredAt: "discovered_at", clicks28d: "clicks_28d", impressions28d: "impressions_28d", lastImpressionAt: "last_impression_at",
  engineAObservedAt: "engine_a_observed_at", lastGooglebotFetchAt: "last_googlebot_fetch_at",
} as const;

/**
 * ORDER BY of a list under `sort` over `alias` (t, or the page's output columns when `outer`): the inventory's
 * order (discovered_at, id) by default; any other field descending with nulls last, or ascending with nulls
 * first, ties by id the other way: each is one index read forwards or backwards (the search_analytics migration).
 */
export function urlOrder(sort: string | undefined, outer = false): Prisma.Sql {
  const [field, dir] = (sort ?? "discoveredAt").split(":") as [keyof typeof SORT_COLUMNS, string | undefined];
  const col = (name: string, out: string) => Prisma.raw(outer ? `page."${out}"` : `t.${name}`);
  const id = Prisma.raw(outer ? "page.id" : "t.id");
  if (field === "discoveredAt") {
    return dir === "desc" ? Prisma.sql`${col("discovered_at", "discoveredAt")} DESC, ${id} DESC` : Prisma.sql`${col("discovered_at", "discoveredAt")}, ${id}`;
  }
  const c = col(SORT_COLUMNS[field], field);
  return dir === "asc" ? Prisma.sql`${c} ASC NULLS FIRST, ${id} DESC` : Prisma.sql`${c} DESC NULLS LAST, ${id}`;
}
