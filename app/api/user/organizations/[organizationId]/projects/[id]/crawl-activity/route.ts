import { route } from "@/lib/api/route";
import { getCrawlActivityOp } from "@/lib/api/operations/crawl-logs";
import { ok } from "@/lib/api/envelope";
import { getCrawlActivity } from "@/lib/crawl-logs/aggregate/get-crawl-activity";

// GET …/crawl-activity — crawler hits per day and family (verified, unverified), status classes, time to crawl
export const GET = route(getCrawlActivityOp, async ({ ctx, params, query }) => ok(await getCrawlActivity(ctx, params.id, query)));
