import { Prisma, sqlRows, type TrackedUrl } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { DomainError } from "@/lib/core/errors";
import { countExpression } from "./count-urls";
import { toTrackedUrlResponse, TRACKED_URL_COLUMNS, type TrackedUrlRow } from "./internal";
import type { ListUrlsQuery, UrlFilters } from "./schemas";
import { urlConditions, urlOrder } from "./url-filters";

/**
 * A page of the project's tracked URLs under the filters (combined with AND), by (discoveredAt, id), with
 * the exact total. One statement, so one round trip and one snapshot: the live project of the
 * organization (no row: 404), its total, and the page, read only when the offset is below the total.
 */
export async function listUrls(ctx: OrgCtx, projectId: string, query: ListUrlsQuery) {
  const organizationId = ctx.org.id;
  const { offset, limit, sort, ...filters } = query;
  // MATERIALIZED: the total is computed once, though the page's condition reads it too. OFFSET 0 keeps the
  // page a subquery, so that condition is checked once before it runs (no index walk past the end).
  const rows = await sqlRows<Nullable<TrackedUrlRow> & { __total: number }>(Prisma.sql`
    WITH n AS MATERIALIZED (
      SELECT (${countExpression(projectId, filters)})::int AS total FROM projects p
      WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL)
    SELECT n.total AS "__total", page.* FROM n
    LEFT JOIN LATERAL (
      SELECT ${TRACKED_URL_COLUMNS} FROM tracked_urls t
      JOIN (${pageIds(projectId, filters, offset, limit, sort)}) ids ON ids.id = t.id
      WHERE ${offset}::int < n.total OFFSET 0
    ) page ON true
    ORDER BY ${urlOrder(sort, true)}`, undefined, { timestamps: "iso" });
  if (!rows.length) throw new DomainError("NOT_FOUND", "Project not found");
  const total = Math.max(0, rows[0].__total);
  const page = rows[0].id === null ? [] : (rows as TrackedUrlRow[]);
  return { data: page.map(toTrackedUrlResponse), meta: pageMeta(total, query) };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * The page is chosen on ids alone, so the offset walks an index without reading table rows; only the
 * page's rows are read in full. With hasIssues=true the walk is over open_issue_urls, which holds just
 * those URLs in the inventory's order (discovered_at is copied there).
 */
export function pageOfUrls(projectId: string, filters: UrlFilters, offset: number, limit: number): Promise<TrackedUrl[]> {
  return sqlRows<TrackedUrl>(Prisma.sql`
    SELECT ${TRACKED_URL_COLUMNS} FROM tracked_urls t
    JOIN (${pageIds(projectId, filters, offset, limit)}) page ON page.id = t.id
    ORDER BY t.discovered_at, t.id`);
}

function pageIds(projectId: string, filters: UrlFilters, offset: number, limit: number, sort?: string): Prisma.Sql {
  const window = Prisma.sql`LIMIT ${limit} OFFSET ${offset}`;
  if (filters.hasIssues !== "true" || (sort && sort !== "discoveredAt" && sort !== "discoveredAt:asc")) {
    return Prisma.sql`SELECT t.id FROM tracked_urls t WHERE ${Prisma.join(urlConditions(projectId, filters), " AND ")} ORDER BY ${urlOrder(sort)} ${window}`;
  }
  // The other filters (after the project's own condition) are checked on the URL rows walked.
  const others = urlConditions(projectId, { ...filters, hasIssues: undefined }).slice(1);
  return Prisma.sql`SELECT o.tracked_url_id AS id FROM open_issue_urls o
    ${others.length ? Prisma.sql`JOIN tracked_urls t ON t.id = o.tracked_url_id AND ${Prisma.join(others, " AND ")}` : Prisma.empty}
    WHERE o.project_id = ${projectId}::uuid ORDER BY o.discovered_at, o.tracked_url_id ${window}`;
}
