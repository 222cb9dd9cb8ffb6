import { Prisma, sqlRows } from "@/lib/db";
import type { UrlFilters } from "./schemas";
import { activeFilters, factRows, onlyFactFilters, urlConditions } from "./url-filters";

// Exact totals for URL lists, from the cheapest exact source. The live counters (website_stats and
// url_facet_counts, kept exact by triggers in the same transactions as the rows) answer the
// unfiltered total and every single filter; filters combined with AND are a count(*). Each total is
// one statement, so it reads one snapshot.

const COUNTER_COLUMNS = { broken: "broken_urls", indexed: "indexed_urls", not_indexed: "not_indexed_urls" } as const;

const FACETS = {
  healthState: "health_state",
  indexability: "indexability",
  engineAState: "engine_a_state",
  engineBState: "engine_b_state",
  source: "source",
  disagreement: "disagreement",
} as const satisfies Partial<Record<keyof UrlFilters, string>>;
type FacetFilter = keyof typeof FACETS;

export async function countUrls(projectId: string, f: UrlFilters): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(Prisma.sql`SELECT (${countExpression(projectId, f)})::int AS n`);
  return Math.max(0, row.n);
}

const CAUSE_FACETS = { any: "cause_any", engineA: "cause_engine_a", engineB: "cause_engine_b" } as const;

/** The url_facet_counts row that is the total of a cause filter (with its engine) or an orphan filter alone. */
function factFacet(f: UrlFilters, active: (keyof UrlFilters)[]): { facet: string; value: string } | null {
  const only = active.filter((k) => k !== "causeEngine");
  if (only.length !== 1) return null;
  if (only[0] === "cause" && f.cause) return { facet: CAUSE_FACETS[f.causeEngine ?? "any"], value: f.cause };
  if (only[0] === "orphan" && f.orphan && !active.includes("causeEngine")) return { facet: "orphan", value: f.orphan };
  return null;
}

/** The exact total as one scalar SQL expression (also embedded in the list's one statement, list-urls.ts). */
export function countExpression(projectId: string, f: UrlFilters): Prisma.Sql {
  const live = (expr: string) => Prisma.sql`coalesce((SELECT ${Prisma.raw(expr)} FROM website_stats WHERE project_id = ${projectId}::uuid), 0)`;
  const active = activeFilters(f);
  if (active.length === 0) return live("total_urls");
  // A cause (of one engine or either) or orphan alone: its facet, kept exact by url_causes' and url_facts' triggers
  // (migrations url_facts_facet_counts, url_causes).
  const fact = factFacet(f, active);
  if (fact) {
    return Prisma.sql`coalesce((SELECT urls FROM url_facet_counts
      WHERE project_id = ${projectId}::uuid AND facet = ${fact.facet} AND value = ${fact.value}), 0)`;
  }
  // Only the link graph's and the diagnosis's filters: counted in url_facts and url_causes alone (a row is a URL of the project).
  if (onlyFactFilters(f)) {
    const rows = factRows(projectId, f);
    return Prisma.sql`(SELECT count(*) FROM ${rows.from} WHERE ${rows.where})`;
  }
  if (active.length > 1) return Prisma.sql`(SELECT count(*) FROM tracked_urls t WHERE ${Prisma.join(urlConditions(projectId, f), " AND ")})`;
  const only = active[0];
  if (!(only in FACETS) && only !== "isStale" && only !== "hasIssues" && only !== "counter") {
    return Prisma.sql`(SELECT count(*) FROM tracked_urls t WHERE ${Prisma.join(urlConditions(projectId, f), " AND ")})`;
  }
  if (only === "isStale") return live(f.isStale === "true" ? "stale_urls" : "total_urls - stale_urls");
  // The counter filter is the live counter itself.
  if (only === "counter") return live(COUNTER_COLUMNS[f.counter!]);
  // open_issue_urls and its counter are exact by their triggers, whoever wrote the memberships.
  if (only === "hasIssues") return live(f.hasIssues === "true" ? "urls_with_issues" : "total_urls - urls_with_issues");
  const value = f[only as FacetFilter]!;
  // `any` is both kinds of disagreement, which exclude each other.
  const values = only === "disagreement" && value === "any" ? ["indexable_not_in_engine", "nonindexable_but_indexed"] : [value];
  return Prisma.sql`coalesce((SELECT sum(urls) FROM url_facet_counts
    WHERE project_id = ${projectId}::uuid AND facet = ${FACETS[only as FacetFilter]} AND value IN (${Prisma.join(values)})), 0)`;
}
