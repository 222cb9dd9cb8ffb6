import { inngest } from "@/inngest/client";
import { purgeDeletedAccounts } from "@/lib/users/account-deletion";

// Daily at 03:00 UTC. One run at a time: two purges racing over the same users would report each
// other's deletions as failures.
export const purgeDeletedAccountsFn = inngest.createFunction(
  { id: "purge-deleted-accounts", triggers: [{ cron: "TZ=UTC 0 3 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => step.run("purge", () => purgeDeletedAccounts(new Date())),
);
