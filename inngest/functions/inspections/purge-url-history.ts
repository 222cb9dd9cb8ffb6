import { inngest } from "@/inngest/client";
import { PURGE_CHUNK, purgeStaleClaims, purgeUrlHistory } from "@/lib/inspections/purge-url-history";
import { purgeFieldChanges } from "@/lib/site-watch/field-history";

const MAX_CHUNKS_PER_RUN = 500;

// Daily at 03:45 UTC: URL history (audits and engine observations) older than 400 days goes, chunk by
// chunk, and so do inspection claims left by runs that died. The cutoff is fixed at the start, so a
// retried run deletes the same set.
export const purgeUrlHistoryFn = inngest.createFunction(
  { id: "inspections-purge", triggers: [{ cron: "TZ=UTC 45 3 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const startedAt = await step.run("started-at", () => new Date().toISOString());
    let rows = 0;
    for (let n = 0; n < MAX_CHUNKS_PER_RUN; n++) {
      const deleted = await step.run(`purge-${n}`, () => purgeUrlHistory(new Date(startedAt)));
      rows += deleted;
      if (deleted < PURGE_CHUNK) break;
    }
    const claims = await step.run("stale-claims", () => purgeStaleClaims(new Date(startedAt)));
    let fieldChanges = 0;
    for (let n = 0; n < MAX_CHUNKS_PER_RUN; n++) {
      const deleted = await step.run(`purge-field-changes-${n}`, () => purgeFieldChanges(new Date(startedAt)));
      fieldChanges += deleted;
      if (deleted < PURGE_CHUNK) break;
    }
    return { rows, claims, fieldChanges };
  },
);
