import { Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { iso } from "@/lib/core/iso";
import { freshSince } from "@/lib/coverage/freshness";
import { isVerified } from "@/lib/projects/internal";
import { PORTFOLIO_TREND_DAYS, type ConnectionProblemKind, type PortfolioProject, type PortfolioQuery, type PortfolioSortField } from "./schemas";

type Row = {
  id: string; name: string; domain: string; status: "active" | "paused";
  total: number; healthy: number; indexed_a: number; indexed_b: number; fresh: number; critical: number;
  indexnow_failing_since: Date | null; gsc_revoked_at: Date | null; engine_b_connected_at: Date | null; engine_b_last_error: string | null;
  gsc_connected_at: Date | null; dns_verified_at: Date | null; index_now_key_verified_at: Date | null;
  last_sitemap_sync_at: Date | null; last_engine_sync_at: Date | null;
  trend: [string, number][] | null;
};

/**
 * Every live project of the organization (optionally those whose name or domain contains `q`) with its
 * counters, indexed share per engine, Google verdict freshness, open critical issues, 30-day indexed trend,
 * last sync and connection problems. Two statements, set-based over the organization's projects (never a query
 * per project): the freshness counts older than PORTFOLIO_FRESHNESS_TTL_MS are recounted (over the freshness index
 * of tracked_urls, only for those projects), then the live counters (website_stats, url_facet_counts), the freshness
 * counts, the open issues and the snapshots are read once for all projects.
 */
export async function getPortfolio(ctx: OrgCtx, query: PortfolioQuery, now = new Date()): Promise<PortfolioProject[]> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, "\\$&")}%` : null;
  const trendFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - PORTFOLIO_TREND_DAYS)).toISOString().slice(0, 10);
  await refreshFreshness(ctx.org.id, now);
  const rows = await sqlRows<Row>(Prisma.sql`
    WITH p AS (
      SELECT id, name, domain, status, gsc_revoked_at, engine_b_connected_at, engine_b_last_error, last_sitemap_sync_at, last_engine_sync_at,
             gsc_connected_at, dns_verified_at, index_now_key_verified_at
      FROM projects
      WHERE organization_id = ${ctx.org.id}::uuid AND deleted_at IS NULL
        AND (${pattern}::text IS NULL OR name ILIKE ${pattern}::text OR domain ILIKE ${pattern}::text)
    ), facets AS (
      SELECT project_id, coalesce(sum(urls) FILTER (WHERE facet = 'engine_a_state'), 0)::int AS a, coalesce(sum(urls) FILTER (WHERE facet = 'engine_b_state'), 0)::int AS b
      FROM url_facet_counts
      WHERE project_id IN (SELECT id FROM p) AND facet IN ('engine_a_state', 'engine_b_state') AND value = 'indexed'
      GROUP BY project_id
    ), iss AS (
      SELECT project_id, count(*) FILTER (WHERE severity = 'critical')::int AS critical,
             min(first_detected_at) FILTER (WHERE type = 'indexnow_key_invalid') AS indexnow_failing_since
      FROM issues WHERE project_id IN (SELECT id FROM p) AND status = 'open'
      GROUP BY project_id
    ), trend AS (
      SELECT project_id, json_agg(json_build_array(to_char(date, 'YYYY-MM-DD'), indexed_urls) ORDER BY date) AS points
      FROM website_snapshots WHERE project_id IN (SELECT id FROM p) AND date >= ${trendFrom}::date
      GROUP BY project_id
    )
    SELECT p.id, p.name, p.domain, p.status, coalesce(s.total_urls, 0) AS total, coalesce(s.healthy_urls, 0) AS healthy,
           coalesce(f.a, 0) AS indexed_a, coalesce(f.b, 0) AS indexed_b, coalesce(fr.fresh_7d, 0) AS fresh, coalesce(i.critical, 0) AS critical,
           i.indexnow_failing_since, p.gsc_revoked_at, p.engine_b_connected_at, p.engine_b_last_error, p.last_sitemap_sync_at, p.last_engine_sync_at,
           p.gsc_connected_at, p.dns_verified_at, p.index_now_key_verified_at,
           t.points AS trend
    FROM p LEFT JOIN website_stats s ON s.project_id = p.id LEFT JOIN facets f ON f.project_id = p.id LEFT JOIN portfolio_freshness fr ON fr.project_id = p.id
      LEFT JOIN iss i ON i.project_id = p.id LEFT JOIN trend t ON t.project_id = p.id`, "portfolio");
  return sortPortfolio(rows.map(toProject), query.sort);
}

/** How long a project's count of fresh Google verdicts is reused: a 7-day share moves little in a few minutes. */
export const PORTFOLIO_FRESHNESS_TTL_MS = 5 * 60_000;

/**
 * Recounts, in one statement, the fresh Google verdicts (lib/coverage/freshness.ts) of the organization's projects
 * whose count is missing or older than the TTL; rows are written in project order, so concurrent refreshes never
 * wait on each other crosswise. Nothing is counted when every count is recent.
 */
async function refreshFreshness(organizationId: string, now: Date): Promise<void> {
  await sqlRows(Prisma.sql`
    INSERT INTO portfolio_freshness AS f (project_id, fresh_7d, computed_at)
    SELECT p.id, (SELECT count(*) FROM tracked_urls t WHERE t.project_id = p.id AND t.engine_a_observed_at >= ${freshSince(now)})::int, ${now}
    FROM projects p LEFT JOIN portfolio_freshness c ON c.project_id = p.id
    WHERE p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL
      AND (c.computed_at IS NULL OR c.computed_at < ${new Date(now.getTime() - PORTFOLIO_FRESHNESS_TTL_MS)} OR c.computed_at > ${now})
    ORDER BY p.id
    ON CONFLICT (project_id) DO UPDATE SET fresh_7d = EXCLUDED.fresh_7d, computed_at = EXCLUDED.computed_at`, "portfolio_freshness");
}

const pct = (n: number, total: number) => (total > 0 ? Math.round((n / total) * 1000) / 10 : null);

function toProject(r: Row): PortfolioProject {
  const problems: PortfolioProject["connectionProblems"] = [];
  const problem = (kind: ConnectionProblemKind, since: Date | null, message: string) => problems.push({ kind, since: iso(since), message });
  if (r.gsc_revoked_at) problem("gsc_revoked", r.gsc_revoked_at, "Google Search Console access was revoked: reconnect it to get Google data again");
  if (r.engine_b_connected_at && r.engine_b_last_error) problem("engine_b_failing", null, `Bing Webmaster Tools: ${r.engine_b_last_error}`);
  if (r.indexnow_failing_since) problem("indexnow_key_failing", r.indexnow_failing_since, "IndexNow rejects the project's key: submissions are refused");
  const lastSync = [r.last_sitemap_sync_at, r.last_engine_sync_at].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  return {
    id: r.id, name: r.name, domain: r.domain, status: r.status,
    trackedUrls: r.total, healthyUrls: r.healthy, healthyPct: pct(r.healthy, r.total),
    indexed: { engineA: { urls: r.indexed_a, pct: pct(r.indexed_a, r.total) }, engineB: { urls: r.indexed_b, pct: pct(r.indexed_b, r.total) } },
    freshness: { fresh7d: r.fresh, pct: pct(r.fresh, r.total) },
    openCriticalIssues: r.critical,
    trend: (r.trend ?? []).map(([date, indexedUrls]) => ({ date, indexedUrls })),
    lastSitemapSyncAt: iso(r.last_sitemap_sync_at), lastEngineSyncAt: iso(r.last_engine_sync_at), lastSyncAt: iso(lastSync),
    connectionProblems: problems,
    connections: {
      engineA: r.gsc_revoked_at ? "revoked" : r.gsc_connected_at ? "connected" : "not_connected",
      engineB: !r.engine_b_connected_at ? "not_connected" : r.engine_b_last_error ? "failing" : "connected",
      ownershipVerified: isVerified({ gscConnectedAt: r.gsc_connected_at, engineBConnectedAt: r.engine_b_connected_at, dnsVerifiedAt: r.dns_verified_at, indexNowKeyVerifiedAt: r.index_now_key_verified_at }),
    },
  };
}

const SORT_KEYS: Record<Exclude<PortfolioSortField, "name">, (p: PortfolioProject) => number | null> = {
  trackedUrls: (p) => p.trackedUrls,
  healthyPct: (p) => p.healthyPct,
  indexedPctEngineA: (p) => p.indexed.engineA.pct,
  indexedPctEngineB: (p) => p.indexed.engineB.pct,
  freshness: (p) => p.freshness.pct,
  openCritical: (p) => p.openCriticalIssues,
  lastSyncAt: (p) => (p.lastSyncAt ? Date.parse(p.lastSyncAt) : null),
};

const byName = (a: PortfolioProject, b: PortfolioProject) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `field[:asc|:desc]` (name ascends by default, the numbers descend); rows without a value last either way; ties by name, then id. */
export function sortPortfolio(rows: PortfolioProject[], sort = "name:asc"): PortfolioProject[] {
  const [field, dir] = sort.split(":") as [PortfolioSortField, ("asc" | "desc")?];
  if (field === "name") return rows.sort((a, b) => (dir === "desc" ? -byName(a, b) : byName(a, b)));
  const key = SORT_KEYS[field];
  const sign = (dir ?? "desc") === "desc" ? -1 : 1;
  return rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return (x - y) * sign || byName(a, b);
  });
}
