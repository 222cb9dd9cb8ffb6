import { Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { iso } from "@/lib/core/iso";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { MAX_SECTIONS, type SectionCoverageRow, type SitemapCoverageResponse, type SitemapCoverageRow } from "./schemas";

type Counts = { urls: number; indexedEngineA: number; indexedEngineB: number; withOpenIssues: number };
type GroupRow = Counts & { by_sitemap: boolean; sitemap_id: string | null; section: string | null };
type SitemapRow = { id: string; url: string; type: SitemapCoverageRow["type"]; fetch_status: SitemapCoverageRow["fetchStatus"]; last_success_at: Date | null; url_count: number | null };

/**
 * Per sitemap and per first path segment: tracked URLs, indexed by Google, indexed by Bing, URLs with open
 * issues. One pass over the project's URLs (the open issues joined by hash), grouped by sitemap and segment, then
 * summed both ways. A section is the first path segment of URLs below it (`/blog/…` → `blog`); a page at the
 * root (`/`, `/about`) is in `/`, unless it names a section (`/blog` goes with `/blog/…`). A URL belongs to the sitemap that listed it at the last sync (tracked_urls.sitemap_id, the first file
 * of the walk that listed it); stale URLs and URLs in no sitemap are counted in a row of their own.
 */
export async function getSitemapCoverage(ctx: OrgCtx, projectId: string): Promise<SitemapCoverageResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const [groups, sitemaps] = await Promise.all([
    sqlRows<GroupRow>(Prisma.sql`
      WITH base AS (
        SELECT CASE WHEN t.stale_at IS NULL THEN t.sitemap_id END AS sitemap_id, split_part(x.rest, '/', 1) AS seg, strpos(x.rest, '/') > 0 AS dir,
               count(*)::int AS urls, count(*) FILTER (WHERE t.engine_a_state = 'indexed')::int AS a,
               count(*) FILTER (WHERE t.engine_b_state = 'indexed')::int AS b, count(o.tracked_url_id)::int AS issue
        FROM tracked_urls t
        CROSS JOIN LATERAL (SELECT split_part(substr(t.url, strpos(substr(t.url, 9), '/') + 9), '?', 1) AS rest) x
        LEFT JOIN open_issue_urls o ON o.tracked_url_id = t.id AND o.project_id = ${project.id}::uuid
        WHERE t.project_id = ${project.id}::uuid
        GROUP BY 1, 2, 3
      ), dirs AS (SELECT DISTINCT seg FROM base WHERE dir)
      SELECT true AS by_sitemap, sitemap_id, NULL AS section, sum(urls)::int AS urls, sum(a)::int AS "indexedEngineA",
             sum(b)::int AS "indexedEngineB", sum(issue)::int AS "withOpenIssues"
      FROM base GROUP BY sitemap_id
      UNION ALL
      SELECT false, NULL, CASE WHEN b.dir OR d.seg IS NOT NULL THEN b.seg ELSE '/' END, sum(b.urls)::int, sum(b.a)::int, sum(b.b)::int, sum(b.issue)::int
      FROM base b LEFT JOIN dirs d ON NOT b.dir AND d.seg = b.seg
      GROUP BY 3`, "sitemap_coverage"),
    sqlRows<SitemapRow>(Prisma.sql`
      SELECT id, url, type, fetch_status, last_success_at, url_count FROM sitemaps
      WHERE project_id = ${project.id}::uuid AND organization_id = ${project.organizationId}::uuid ORDER BY url`),
  ]);

  const zero = (): Counts => ({ urls: 0, indexedEngineA: 0, indexedEngineB: 0, withOpenIssues: 0 });
  const add = (to: Counts, g: Counts) => {
    to.urls += g.urls; to.indexedEngineA += g.indexedEngineA; to.indexedEngineB += g.indexedEngineB; to.withOpenIssues += g.withOpenIssues;
  };
  const pick = (g: Counts): Counts => ({ urls: g.urls, indexedEngineA: g.indexedEngineA, indexedEngineB: g.indexedEngineB, withOpenIssues: g.withOpenIssues });

  const bySitemap = new Map(groups.filter((g) => g.by_sitemap && g.sitemap_id).map((g) => [g.sitemap_id!, g]));
  const known = new Set(sitemaps.map((s) => s.id));
  const none = zero();
  const totals = zero();
  for (const g of groups.filter((g) => g.by_sitemap)) {
    add(totals, g);
    // URLs whose sitemap is gone (dropped after a complete walk) are in none now.
    if (!g.sitemap_id || !known.has(g.sitemap_id)) add(none, g);
  }
  const rows: SitemapCoverageRow[] = sitemaps
    .filter((s) => s.type !== "index" || bySitemap.has(s.id))
    .map((s) => ({
      sitemapId: s.id, url: s.url, type: s.type, fetchStatus: s.fetch_status, lastSuccessAt: iso(s.last_success_at), listedUrls: s.url_count,
      ...(bySitemap.has(s.id) ? pick(bySitemap.get(s.id)!) : zero()),
    }));
  if (none.urls) rows.push({ sitemapId: null, url: null, type: null, fetchStatus: null, lastSuccessAt: null, listedUrls: null, ...none });

  const sections: SectionCoverageRow[] = groups.filter((g) => !g.by_sitemap).map((g) => ({ section: g.section ?? "/", ...pick(g) }))
    .sort((a, b) => b.urls - a.urls || (a.section < b.section ? -1 : a.section > b.section ? 1 : 0));
  let otherSections: SitemapCoverageResponse["otherSections"] = null;
  if (sections.length > MAX_SECTIONS) {
    const rest = sections.splice(MAX_SECTIONS);
    const sum = zero();
    for (const s of rest) add(sum, s);
    otherSections = { sections: rest.length, ...sum };
  }
  return { totals, sitemaps: rows, sections, otherSections };
}
