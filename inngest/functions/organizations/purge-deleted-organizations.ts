import { inngest } from "@/inngest/client";
import { purgeDeletedOrganizations } from "@/lib/organizations/purge-deleted-organizations";

// Daily at 03:20 UTC: organizations deleted more than 30 days ago are purged with everything they hold.
export const purgeDeletedOrganizationsFn = inngest.createFunction(
  { id: "purge-deleted-organizations", triggers: [{ cron: "TZ=UTC 20 3 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => step.run("purge", () => purgeDeletedOrganizations(new Date())),
);
