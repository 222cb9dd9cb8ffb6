import { route } from "@/lib/api/route";
import { getUrlCrawlActivityOp } from "@/lib/api/operations/crawl-logs";
import { ok } from "@/lib/api/envelope";
import { getUrlCrawlActivity } from "@/lib/crawl-logs/aggregate/get-url-crawl-activity";

// GET …/urls/{urlId}/crawl-activity — the URL's verified crawler fetches per day and family
export const GET = route(getUrlCrawlActivityOp, async ({ ctx, params, query }) => ok(await getUrlCrawlActivity(ctx, params.id, params.urlId, query.days)));
