import { Prisma, sqlRows, type TrackedUrl } from "@/lib/db";
import type { Ctx } from "@/lib/api/context";
import { pageMeta } from "@/lib/api/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { countUrls } from "./count-urls";
import { toTrackedUrlResponse, TRACKED_URL_COLUMNS } from "./internal";
import type { ListUrlsQuery, UrlFilters } from "./schemas";
import { urlConditions } from "./url-filters";

/** A page of the project's tracked URLs under the filters (combined with AND), by (discoveredAt, id), with the exact total. */
export async function listUrls(ctx: Ctx, projectId: string, query: ListUrlsQuery) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { offset, limit, ...filters } = query;
  // The total first, then the page (none past the end). Not in parallel: the embedded database's
  // socket server interleaves the protocol messages of concurrent connections.
  const total = await countUrls(project.id, filters);
  const rows = offset >= total ? [] : await pageOfUrls(project.id, filters, offset, limit);
  return { data: rows.map(toTrackedUrlResponse), meta: pageMeta(total, query) };
}

/** The page is chosen on ids alone, so the offset walks an index without reading table rows; only the page's rows are read in full. */
export function pageOfUrls(projectId: string, filters: UrlFilters, offset: number, limit: number): Promise<TrackedUrl[]> {
  const where = Prisma.join(urlConditions(projectId, filters), " AND ");
  return sqlRows<TrackedUrl>(Prisma.sql`
    SELECT ${TRACKED_URL_COLUMNS} FROM tracked_urls t
    JOIN (SELECT t.id FROM tracked_urls t WHERE ${where} ORDER BY t.discovered_at, t.id LIMIT ${limit} OFFSET ${offset}) page ON page.id = t.id
    ORDER BY t.discovered_at, t.id`);
}
