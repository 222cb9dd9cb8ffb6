import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { iso } from "@/lib/core/iso";
import { SitemapResponse } from "./schemas";

/**
 * GET /sitemaps: every sitemap the syncs found — the configured root, robots.txt-declared roots and
 * children (parentSitemapId set) — roots first, then children, each by URL. At most 1,000 + roots
 * rows exist per project (the walk's file limit), so the list needs no paging.
 */
export async function listSitemaps(ctx: OrgCtx, projectId: string): Promise<SitemapResponse[]> {
  const project = await getProjectOrThrow(ctx, projectId);
  const rows = await db.sitemap.findMany({ where: { projectId: project.id, organizationId: project.organizationId } });
  rows.sort((a, b) => Number(a.parentSitemapId !== null) - Number(b.parentSitemapId !== null) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return rows.map((s) => SitemapResponse.parse({
    id: s.id, url: s.url, type: s.type, parentSitemapId: s.parentSitemapId, lastFetchedAt: iso(s.lastFetchedAt),
    lastSuccessAt: iso(s.lastSuccessAt), fetchStatus: s.fetchStatus, urlCount: s.urlCount, error: s.error,
  }));
}
