import { inngest } from "@/inngest/client";
import { previousUtcDate, takeSnapshotBatch, type SnapshotBatch } from "@/lib/snapshots/take-daily-snapshots";

const MAX_BATCHES = 1000;

// Daily at 00:15 UTC: one snapshot per active project for the UTC date that just ended. The date is fixed in
// the first step, so a retried step snapshots the same date; each batch inserts with ON CONFLICT DO NOTHING, so
// a retry or a second run changes nothing; a step run hours late takes nothing (the gap stays).
export const takeDailySnapshotsFn = inngest.createFunction(
  { id: "stats-daily-snapshots", triggers: [{ cron: "TZ=UTC 15 0 * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const date = await step.run("date", () => previousUtcDate(new Date()));
    let after: string | null = null;
    let inserted = 0;
    let late = false;
    for (let n = 0; n < MAX_BATCHES; n++) {
      const cursor: string | null = after;
      const batch: SnapshotBatch = await step.run(`batch-${n}`, () => takeSnapshotBatch(date, cursor, new Date()));
      inserted += batch.inserted;
      late ||= batch.late;
      if (!batch.next) break;
      after = batch.next;
    }
    return { date, inserted, late };
  },
);
