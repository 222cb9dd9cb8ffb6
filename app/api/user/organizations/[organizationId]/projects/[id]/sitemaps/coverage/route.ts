import { route } from "@/lib/api/route";
import { getSitemapCoverageOp } from "@/lib/api/operations/sitemap-coverage";
import { ok } from "@/lib/api/envelope";
import { getSitemapCoverage } from "@/lib/sitemaps/coverage/get-sitemap-coverage";

// GET …/projects/{id}/sitemaps/coverage — tracked, indexed per engine and with issues, per sitemap and per section
export const GET = route(getSitemapCoverageOp, async ({ ctx, params }) => ok(await getSitemapCoverage(ctx, params.id)));
