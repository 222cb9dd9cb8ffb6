import { Prisma, sqlRows, type TrackedUrl } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { countUrls } from "./count-urls";
import { toTrackedUrlResponse, TRACKED_URL_COLUMNS } from "./internal";
import type { ListUrlsQuery, UrlFilters } from "./schemas";
import { urlConditions } from "./url-filters";

/** A page of the project's tracked URLs under the filters (combined with AND), by (discoveredAt, id), with the exact total. */
export async function listUrls(ctx: OrgCtx, projectId: string, query: ListUrlsQuery) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { offset, limit, ...filters } = query;
  // The total first, then the page (none past the end). Not in parallel: the embedded database's
  // socket server interleaves the protocol messages of concurrent connections.
  const total = await countUrls(project.id, filters);
  const rows = offset >= total ? [] : await pageOfUrls(project.id, filters, offset, limit);
  return { data: rows.map(toTrackedUrlResponse), meta: pageMeta(total, query) };
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

function pageIds(projectId: string, filters: UrlFilters, offset: number, limit: number): Prisma.Sql {
  const window = Prisma.sql`LIMIT ${limit} OFFSET ${offset}`;
  if (filters.hasIssues !== "true") {
    return Prisma.sql`SELECT t.id FROM tracked_urls t WHERE ${Prisma.join(urlConditions(projectId, filters), " AND ")} ORDER BY t.discovered_at, t.id ${window}`;
  }
  // The other filters (after the project's own condition) are checked on the URL rows walked.
  const others = urlConditions(projectId, { ...filters, hasIssues: undefined }).slice(1);
  return Prisma.sql`SELECT o.tracked_url_id AS id FROM open_issue_urls o
    ${others.length ? Prisma.sql`JOIN tracked_urls t ON t.id = o.tracked_url_id AND ${Prisma.join(others, " AND ")}` : Prisma.empty}
    WHERE o.project_id = ${projectId}::uuid ORDER BY o.discovered_at, o.tracked_url_id ${window}`;
}
