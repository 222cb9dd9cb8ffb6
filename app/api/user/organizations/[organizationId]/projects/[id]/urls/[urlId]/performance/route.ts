import { route } from "@/lib/api/route";
import { getUrlPerformanceOp } from "@/lib/api/operations/search-analytics";
import { ok } from "@/lib/api/envelope";
import { getUrlPerformance } from "@/lib/search-analytics/get-url-performance";

// GET …/projects/{id}/urls/{urlId}/performance — daily Google Search clicks and impressions, ascending
export const GET = route(getUrlPerformanceOp, async ({ ctx, params, query }) => ok(await getUrlPerformance(ctx, params.id, params.urlId, query.days)));
