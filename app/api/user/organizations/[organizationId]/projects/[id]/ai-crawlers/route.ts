import { route } from "@/lib/api/route";
import { getAiCrawlersOp } from "@/lib/api/operations/crawl-logs";
import { ok } from "@/lib/api/envelope";
import { getAiCrawlers } from "@/lib/crawl-logs/identify/get-ai-crawlers";

// GET …/ai-crawlers — each AI crawler: allowed by the live robots.txt, verified hits in 30 days, last seen
export const GET = route(getAiCrawlersOp, async ({ ctx, params }) => ok(await getAiCrawlers(ctx, params.id)));
