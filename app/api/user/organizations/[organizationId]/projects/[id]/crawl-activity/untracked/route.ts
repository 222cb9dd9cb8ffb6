import { route } from "@/lib/api/route";
import { getUntrackedCrawledOp } from "@/lib/api/operations/crawl-logs";
import { ok } from "@/lib/api/envelope";
import { listUntrackedCrawledUrls } from "@/lib/crawl-logs/aggregate/list-untracked-crawled-urls";

// GET …/crawl-activity/untracked — URLs verified crawlers fetched that the project does not track
export const GET = route(getUntrackedCrawledOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listUntrackedCrawledUrls(ctx, params.id, query);
  return ok(data, { meta });
});
