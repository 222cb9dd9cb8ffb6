import { Prisma, sqlRows } from "@/lib/db";
import { ENGINE_A_STATES, ENGINE_B_STATES, INDEXABILITIES, URL_SOURCES, type UrlFilters } from "./schemas";
import { activeFilters, urlConditions } from "./url-filters";

// Exact totals for URL lists, from the cheapest exact source. The live counters (website_stats, kept
// exact by triggers in the same transactions as the rows) answer the unfiltered total and the filters
// they count; a value that holds most of the table is counted as total − the other values; the rest
// is a count(*). Each total is one statement, so it reads one snapshot.

const ENUMS = {
  indexability: { column: "indexability", values: INDEXABILITIES },
  engineAState: { column: "engine_a_state", values: ENGINE_A_STATES },
  engineBState: { column: "engine_b_state", values: ENGINE_B_STATES },
  source: { column: "source", values: URL_SOURCES },
} as const;
type EnumFilter = keyof typeof ENUMS;

const HEALTH_COUNTERS: Partial<Record<NonNullable<UrlFilters["healthState"]>, string>> = {
  healthy: "healthy_urls",
  redirected: "redirected_urls",
  unknown: "total_urls - healthy_urls - broken_urls - redirected_urls",
};

/** Whether `value` is expected to hold most of the project's URLs for that column. */
export type IsDominant = (column: string, value: string) => Promise<boolean>;

export async function countUrls(projectId: string, f: UrlFilters, isDominant: IsDominant = dominantInStatistics): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(Prisma.sql`SELECT (${await countExpression(projectId, f, isDominant)})::int AS n`);
  return Math.max(0, row.n);
}

async function countExpression(projectId: string, f: UrlFilters, isDominant: IsDominant): Promise<Prisma.Sql> {
  const live = (expr: string) => Prisma.sql`coalesce((SELECT ${Prisma.raw(expr)} FROM website_stats WHERE project_id = ${projectId}::uuid), 0)`;
  const active = activeFilters(f);
  const only = active.length === 1 ? active[0] : active.length === 0 ? "none" : "several";
  if (only === "none") return live("total_urls");
  if (only === "isStale") return live(f.isStale === "true" ? "stale_urls" : "total_urls - stale_urls");
  if (only === "healthState" && HEALTH_COUNTERS[f.healthState!]) return live(HEALTH_COUNTERS[f.healthState!]!);
  // open_issue_urls and its counter are exact by their triggers, whoever wrote the memberships.
  if (only === "hasIssues") return live(f.hasIssues === "true" ? "urls_with_issues" : "total_urls - urls_with_issues");
  if (only in ENUMS) {
    const { column, values } = ENUMS[only as EnumFilter];
    const value = f[only as EnumFilter]!;
    if (await isDominant(column, value)) {
      // Constants from the enumeration, never input: the planner reads them as index ranges.
      const others = Prisma.raw(values.filter((v) => v !== value).map((v) => `'${v}'`).join(", "));
      return Prisma.sql`${live("total_urls")} - (SELECT count(*) FROM tracked_urls t WHERE t.project_id = ${projectId}::uuid AND t.${Prisma.raw(column)} IN (${others}))`;
    }
  }
  return Prisma.sql`(SELECT count(*) FROM tracked_urls t WHERE ${Prisma.join(urlConditions(projectId, f), " AND ")})`;
}

// The planner's statistics of tracked_urls, re-read every few minutes; they describe the whole table,
// which the largest projects dominate, and the largest projects are the ones where the choice matters.
const STATS_TTL_MS = 5 * 60_000;
let statistics: { at: number; freqs: Map<string, Map<string, number>> } | undefined;

async function dominantInStatistics(column: string, value: string): Promise<boolean> {
  if (!statistics || Date.now() - statistics.at > STATS_TTL_MS) {
    const rows = await sqlRows<{ attname: string; vals: string | null; freqs: number[] | null }>(Prisma.sql`
      SELECT attname, most_common_vals::text AS vals, most_common_freqs AS freqs FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'tracked_urls'
        AND attname IN ('indexability', 'engine_a_state', 'engine_b_state', 'source')`);
    const freqs = new Map(rows.map((r) => {
      const vals = (r.vals ?? "{}").replace(/^\{|\}$/g, "").split(",");
      return [r.attname, new Map(vals.map((v, i) => [v, Number(r.freqs?.[i] ?? 0)]))];
    }));
    statistics = { at: Date.now(), freqs };
  }
  return (statistics.freqs.get(column)?.get(value) ?? 0) > 0.5;
}
