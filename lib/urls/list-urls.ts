import { preparedName, Prisma, sqlRows, type TrackedUrl } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type PaginationMeta } from "@/lib/core/pagination";
import { DomainError } from "@/lib/core/errors";
import { countExpression } from "./count-urls";
import { TRACKED_URL_COLUMNS, TRACKED_URL_JSON } from "./internal";
import type { ListUrlsQuery, TrackedUrlResponse, UrlFilters } from "./schemas";
import { SORT_COLUMNS, SORT_KEYS, urlConditions, urlOrder } from "./url-filters";

/**
 * A page of the project's tracked URLs under the filters (combined with AND), in the order of `sort`, with
 * the exact total. One statement, so one round trip and one snapshot: the live project of the
 * organization (no row: 404), its total, and the page, read only when the offset is below the total.
 * The page comes as the JSON text of its public rows, written by PostgreSQL (TRACKED_URL_JSON): the REST
 * route sends it as it is (okWithJsonData).
 */
export async function listUrlsJson(ctx: OrgCtx, projectId: string, query: ListUrlsQuery): Promise<{ dataJson: string; meta: PaginationMeta }> {
  const statement = listStatement(ctx.org.id, projectId, query);
  const [row] = await sqlRows<{ total: number; page: string }>(statement, preparedName(statement));
  if (!row) throw new DomainError("NOT_FOUND", "Project not found");
  return { dataJson: row.page, meta: pageMeta(Math.max(0, row.total), query) };
}

/** The one statement of listUrlsJson: a row (total, page as JSON text) when the project is the organization's, else none. */
export function listStatement(organizationId: string, projectId: string, query: ListUrlsQuery): Prisma.Sql {
  const { offset, limit, sort, ...filters } = query;
  const project = Prisma.sql`SELECT 1 FROM projects p WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL`;
  // MATERIALIZED: the total is computed once, though the page's condition reads it too. OFFSET 0 keeps the
  // page a subquery, so that condition is checked once before it runs (no index walk past the end).
  // A search (q): its first SEARCH_SORTED + 1 matches are read once (the trigram index finds them) and kept with their
  // sort values. Up to SEARCH_SORTED, they are the total and are sorted for the page: no index walk in the list's order,
  // which a clustered search (all its matches at one end of that order) would make long. Beyond, the matches are dense
  // enough for that walk, and the total is a count of them all (the CASE reads it only then).
  const where = Prisma.join(urlConditions(projectId, filters), " AND ");
  const searched = filters.q
    ? {
        ctes: Prisma.sql`m AS MATERIALIZED (
          SELECT t.id, t.discovered_at${sortColumn(sort)} FROM tracked_urls t WHERE ${where} AND EXISTS (${project}) LIMIT ${SEARCH_SORTED + 1}),
        n AS MATERIALIZED (
          SELECT (CASE WHEN (SELECT count(*) FROM m) <= ${SEARCH_SORTED} THEN (SELECT count(*) FROM m)
                  ELSE (SELECT count(*) FROM tracked_urls t WHERE ${where}) END)::int AS total FROM projects p
          WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL)`,
        ids: Prisma.sql`
          (SELECT t.id FROM m t WHERE n.total <= ${SEARCH_SORTED} ORDER BY ${urlOrder(sort)} LIMIT ${limit} OFFSET ${offset})
          UNION ALL
          (SELECT t.id FROM tracked_urls t WHERE n.total > ${SEARCH_SORTED} AND ${where} ORDER BY ${urlOrder(sort)} LIMIT ${limit} OFFSET ${offset})`,
      }
    : {
        ctes: Prisma.sql`n AS MATERIALIZED (
          SELECT (${countExpression(projectId, filters)})::int AS total FROM projects p
          WHERE p.id = ${projectId}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL)`,
        ids: pageIds(projectId, filters, offset, limit, sort),
      };
  return Prisma.sql`
    WITH ${searched.ctes}
    SELECT n.total, (SELECT coalesce(json_agg(page.j ORDER BY ${urlOrder(sort, true)}), '[]')::text FROM (
      SELECT ${TRACKED_URL_JSON} AS j, ${SORT_KEYS} FROM tracked_urls t
      JOIN (${searched.ids}) ids ON ids.id = t.id
      WHERE ${offset}::int < n.total OFFSET 0
    ) page) AS page FROM n`;
}

/** The same page as objects (the dashboard's first render, MCP). */
export async function listUrls(ctx: OrgCtx, projectId: string, query: ListUrlsQuery) {
  const { dataJson, meta } = await listUrlsJson(ctx, projectId, query);
  return { data: JSON.parse(dataJson) as TrackedUrlResponse[], meta };
}

/** A search with at most this many matches is sorted from its matches; a larger one is read in the list's order. */
const SEARCH_SORTED = 20_000;

/** `, t.<column>` of a sort other than discovery order (constant text), for the search's kept matches. */
function sortColumn(sort: string | undefined): Prisma.Sql {
  const field = (sort ?? "discoveredAt").split(":")[0] as keyof typeof SORT_COLUMNS;
  return field === "discoveredAt" ? Prisma.empty : Prisma.raw(`, t.${SORT_COLUMNS[field]}`);
}

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
