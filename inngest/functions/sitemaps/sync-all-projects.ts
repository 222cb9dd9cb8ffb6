import { inngest } from "@/inngest/client";
import { listSyncableProjects } from "@/lib/sitemaps/sync/list-syncable-projects";
import { sitemapSyncRequested } from "@/lib/events/catalogue";

export const SYNC_FAN_OUT_PAGE = 500;

// Daily at 04:00 UTC: pages the active, live projects by id and sends one sync event per project.
// The event id carries the UTC day, so a replayed or doubled run queues each project once that day.
export const syncAllProjectsFn = inngest.createFunction(
  { id: "sync-all-projects", triggers: [{ cron: "TZ=UTC 0 4 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const day = await step.run("day", () => new Date().toISOString().slice(0, 10));
    let after: string | null = null;
    let queued = 0;
    for (let page = 0; ; page++) {
      const projects = await step.run(`list-projects-${page}`, () => listSyncableProjects(after, SYNC_FAN_OUT_PAGE));
      if (!projects.length) break;
      await step.sendEvent(`fan-out-${page}`, projects.map((p) => ({
        name: sitemapSyncRequested.name,
        data: { organizationId: p.organizationId, projectId: p.id },
        id: `sitemap-sync-${p.id}-${day}`,
      })));
      queued += projects.length;
      if (projects.length < SYNC_FAN_OUT_PAGE) break;
      after = projects[projects.length - 1].id;
    }
    return { day, queued };
  },
);
