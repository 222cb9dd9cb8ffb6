import { inngest } from "@/inngest/client";
import { syncScheduledProject } from "@/lib/sitemaps/sync/sync-scheduled-project";
import { parseEventData, sitemapSyncRequested } from "@/lib/events/catalogue";

// One project's scheduled sync. A few at a time (each holds a database connection for its admission
// transaction) and one per project. 429 and 402 come back as outcomes, so they are never retried.
export const syncProjectFn = inngest.createFunction(
  {
    id: "sync-project", triggers: [sitemapSyncRequested], retries: 2,
    concurrency: [{ limit: 4 }, { key: "event.data.projectId", limit: 1 }],
  },
  async ({ event, step, logger }) => {
    const ref = await parseEventData(sitemapSyncRequested.name, event.data);
    const result = await step.run("sync", () => syncScheduledProject(ref));
    if (result.outcome !== "synced") logger.info(`sitemap sync of ${ref.projectId}: ${result.outcome}`, result);
    return { projectId: ref.projectId, ...result };
  },
);
