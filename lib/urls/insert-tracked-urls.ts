import type { Ctx } from "@/lib/core/context";
import { Prisma, type UrlSource, dbOf } from "@/lib/db";
import { priorityOf } from "./priority-of";
import { timeOrderedId } from "./time-ordered-id";

/** What an insert needs to know of the project the URLs enter. */
export type InsertProject = { id: string; organizationId: string; automatedInspectionsEnabled: boolean };

/**
 * The first inspection of a URL entering a project: due at once when the project has scheduled
 * inspections (the planner's fair share spreads a large batch over its ticks), none otherwise.
 */
export function firstInspectionAt(project: Pick<InsertProject, "automatedInspectionsEnabled">, now: Date): Date | null {
  return project.automatedInspectionsEnabled ? now : null;
}

/**
 * The URLs to insert: a batch from the caller, or a query over rows already in the database that
 * yields `url`, `n` (a distinct integer rank, ascending in insert order) and `lastmod` (timestamptz or
 * null), in the order to insert them; with `withSitemap`, also `sitemap_id` (the sitemap that listed the URL).
 */
export type TrackedUrlRows = { urls: string[] } | { query: Prisma.Sql; withSitemap?: boolean };

/**
 * The one insert of tracked URLs, set-based in a single statement: each new URL gets a time-ordered
 * id, its source, `firstInspectionAt`, the priority the project's rules give it and, from a sitemap, first/last seen in a sitemap now. URLs the
 * project tracks already are skipped (the unique (project_id, url) index: concurrent inserts of the same
 * URL insert it once), and nothing is inserted once the project is deleted. URLs the owner stopped tracking
 * (url_exclusions) are skipped too, by one anti-join, unless the source is `manual`: a URL admitted by hand is the
 * owner's explicit wish (admitUrls deletes its exclusion). Returns the rows inserted.
 */
export async function insertTrackedUrls(
  ctx: Ctx, { project, source, rows, now }: { project: InsertProject; source: UrlSource; rows: TrackedUrlRows; now: Date },
): Promise<number> {
  const tx = dbOf(ctx);
  const seen = source === "sitemap" ? now : null;
  const sitemapId = "query" in rows && rows.withSitemap ? Prisma.sql`r.sitemap_id` : Prisma.sql`NULL::uuid`;
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, first_seen_in_sitemap_at, last_seen_in_sitemap_at, lastmod,
                              next_inspection_at, priority, sitemap_id, discovered_at, created_at, updated_at)
    SELECT ${timeOrderedId(now, Prisma.sql`r.n`)}, ${project.organizationId}::uuid, ${project.id}::uuid, r.url, ${source}::"UrlSource",
           ${seen}::timestamptz, ${seen}::timestamptz, r.lastmod, ${firstInspectionAt(project, now)}::timestamptz,
           ${priorityOf(project.id, Prisma.sql`r.url`)}, ${sitemapId}, ${now}, ${now}, ${now}
    FROM (${rowsQuery(rows)}) r
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = ${project.id}::uuid AND p.deleted_at IS NULL)${notExcluded(project.id, source)}
    ON CONFLICT (project_id, url) DO NOTHING`);
}

/** The anti-join against the project's exclusions (none for a manual admission). */
function notExcluded(projectId: string, source: UrlSource): Prisma.Sql {
  if (source === "manual") return Prisma.empty;
  return Prisma.sql`
      AND NOT EXISTS (SELECT 1 FROM url_exclusions e WHERE e.project_id = ${projectId}::uuid AND e.url = r.url)`;
}

function rowsQuery(rows: TrackedUrlRows): Prisma.Sql {
  if ("query" in rows) return rows.query;
  // Every writer of a batch inserts in the same (sorted) order, so two batches never wait on each other's keys crosswise.
  const sorted = [...rows.urls].sort();
  return Prisma.sql`SELECT u.url, u.n, NULL::timestamptz AS lastmod FROM unnest(${sorted}::text[]) WITH ORDINALITY AS u(url, n) ORDER BY u.n`;
}
