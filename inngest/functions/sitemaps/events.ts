import { eventType } from "inngest";
import { z } from "zod";

// One project's daily sitemap sync, fanned out by sync-all-projects (id: sitemap-sync-{projectId}-{YYYY-MM-DD}).
// It lives beside its functions: inngest/events.ts is not this area's file to change.
export const sitemapSyncRequested = eventType("sitemap/sync.requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid() }),
});
