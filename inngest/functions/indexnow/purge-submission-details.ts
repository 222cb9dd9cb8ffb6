import { inngest } from "@/inngest/client";
import { PURGE_BATCHES, purgeSubmissionDetails } from "@/lib/indexnow/purge-submission-details";

const MAX_CHUNKS_PER_RUN = 500;

// Daily at 03:30 UTC: per-URL submission detail older than 90 days goes, chunk by chunk (the batch
// summaries are kept indefinitely). The cutoff is fixed at the start, so a retried run deletes the same set.
export const purgeSubmissionDetailsFn = inngest.createFunction(
  { id: "indexnow-purge-details", triggers: [{ cron: "TZ=UTC 30 3 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const startedAt = await step.run("started-at", () => new Date().toISOString());
    let batches = 0, rows = 0;
    for (let n = 0; n < MAX_CHUNKS_PER_RUN; n++) {
      const r = await step.run(`purge-${n}`, () => purgeSubmissionDetails(new Date(startedAt)));
      batches += r.batches;
      rows += r.rows;
      if (r.batches < PURGE_BATCHES) break;
    }
    return { batches, rows };
  },
);
