import { inngest } from "@/inngest/client";
import { TICK_BATCH } from "@/lib/site-watch/config";
import { ensureWatchRows, watchBatch, type BatchReport } from "@/lib/site-watch/robots-watch-tick";

/** Batches per tick at most: 40 × 500 = 20,000 projects a minute, twice the 10,000-projects-per-5-minutes target. */
export const MAX_BATCHES_PER_TICK = 40;

// Every minute: give new projects their watch row, then fetch the robots.txt of every project whose turn has come
// (each has its own phase in the ROBOTS_WATCH_MINUTES window), one batch of 500 per step, with the home page and
// certificate once an hour. No event per project: the claim in the database is the fan-out.
export const watchRobotsTxtFn = inngest.createFunction(
  { id: "site-watch-robots-txt", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const created = await step.run("ensure-watch-rows", () => ensureWatchRows(new Date()));
    const total: BatchReport = { claimed: 0, notModified: 0, unchanged: 0, changed: 0, failures: 0, homeChecks: 0, maxLatenessMs: 0, late: 0 };
    for (let i = 0; i < MAX_BATCHES_PER_TICK; i++) {
      const r = await step.run(`batch-${i}`, () => watchBatch());
      for (const k of Object.keys(total) as (keyof BatchReport)[]) total[k] = k === "maxLatenessMs" ? Math.max(total[k], r[k]) : total[k] + r[k];
      if (r.claimed < TICK_BATCH) break;
    }
    return { created, ...total };
  },
);
