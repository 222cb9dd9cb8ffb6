import { NonRetriableError } from "inngest";
import { z } from "zod";
import { inngest } from "@/inngest/client";
import { syncScheduledProject } from "@/lib/sitemaps/sync/sync-scheduled-project";
import { sitemapSyncRequested } from "@/lib/events/catalogue";

const payload = z.object({ organizationId: z.uuid(), projectId: z.uuid() });

// One project's scheduled sync. A few at a time (each holds a database connection for its admission
// transaction) and one per project. 429 and 402 come back as outcomes, so they are never retried.
export const syncProjectFn = inngest.createFunction(
  {
    id: "sync-project", triggers: [sitemapSyncRequested], retries: 2,
    concurrency: [{ limit: 4 }, { key: "event.data.projectId", limit: 1 }],
  },
  async ({ event, step, logger }) => {
    const parsed = payload.safeParse(event.data);
    if (!parsed.success) throw new NonRetriableError(`Invalid sitemap/sync.requested payload: ${parsed.error.message}`);
    const result = await step.run("sync", () => syncScheduledProject(parsed.data));
    if (result.outcome !== "synced") logger.info(`sitemap sync of ${parsed.data.projectId}: ${result.outcome}`, result);
    return { projectId: parsed.data.projectId, ...result };
  },
);
