import { inngest } from "@/inngest/client";
import { IP_RANGE_LISTS } from "@/lib/crawl-logs/verify/ip-ranges";
import { refreshCrawlerIpRanges } from "@/lib/crawl-logs/verify/refresh-crawler-ip-ranges";

// Daily at 04:10 UTC: each operator's published crawler IP list, one step per list so that a failing host
// retries alone. A list that fails or answers nonsense keeps its previous copy (see refreshCrawlerIpRanges).
export const refreshCrawlerIpRangesFn = inngest.createFunction(
  { id: "crawl-logs-refresh-ip-ranges", triggers: [{ cron: "TZ=UTC 10 4 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const updated: string[] = [];
    const failures: Array<{ list: string; error: string }> = [];
    for (const list of IP_RANGE_LISTS) {
      const r = await step.run(`refresh-${list.id}`, () => refreshCrawlerIpRanges({ lists: [list.id] }));
      updated.push(...r.updated);
      failures.push(...r.failures);
    }
    return { updated, failures };
  },
);
