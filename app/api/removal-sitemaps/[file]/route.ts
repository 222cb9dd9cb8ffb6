import { route } from "@/lib/api/route";
import { getPublicRemovalSitemapOp } from "@/lib/api/operations/removals";
import { publicRemovalSitemap } from "@/lib/removals/exports";

// GET /api/removal-sitemaps/{token}.xml — a batch's removal sitemap at its public, unguessable address (404 once cancelled)
export const GET = route(getPublicRemovalSitemapOp, async ({ params }) => new Response(await publicRemovalSitemap(params.file), {
  headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "no-store", "x-robots-tag": "noindex" },
}));
