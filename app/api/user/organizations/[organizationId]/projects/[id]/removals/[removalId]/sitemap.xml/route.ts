import { route } from "@/lib/api/route";
import { getRemovalSitemapOp } from "@/lib/api/operations/removals";
import { removalSitemap } from "@/lib/removals/exports";

// GET …/removals/{removalId}/sitemap.xml — the removal sitemap, as a download
export const GET = route(getRemovalSitemapOp, async ({ ctx, params }) => new Response(await removalSitemap(ctx, params.id, params.removalId), {
  headers: { "content-type": "application/xml; charset=utf-8", "content-disposition": `attachment; filename="removal-sitemap-${params.removalId}.xml"`, "cache-control": "no-store" },
}));
