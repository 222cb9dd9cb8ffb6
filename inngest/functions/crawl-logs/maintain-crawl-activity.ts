import { inngest } from "@/inngest/client";
import { maintainCrawlActivity } from "@/lib/crawl-logs/store/maintain-crawl-activity";

// Daily: drops aggregates past 16 months and pushed-batch keys past 7 days, recomputes each URL's
// 30-day crawler hits as the window moves, and re-weighs crawler_blocked.
export const maintainCrawlActivityFn = inngest.createFunction(
  { id: "crawl-logs-maintain", triggers: [{ cron: "TZ=UTC 20 4 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => step.run("maintain", () => maintainCrawlActivity(new Date())),
);
