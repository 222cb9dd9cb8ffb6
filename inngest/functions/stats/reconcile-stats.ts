import { inngest } from "@/inngest/client";
import { reconcileBatch } from "@/lib/stats/reconcile-stats";

const MAX_BATCHES = 1000;

// Hourly (at :05, before the daily snapshot at 00:15): every project's nine counters recomputed from the
// rows, a hundred projects per step, drift fixed and logged with its size, lastReconciledAt stamped.
export const reconcileStatsFn = inngest.createFunction(
  { id: "stats-reconcile", triggers: [{ cron: "TZ=UTC 5 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const startedAt = new Date(await step.run("started-at", () => new Date().toISOString()));
    let after: string | null = null;
    let projects = 0;
    let drifted = 0;
    for (let n = 0; n < MAX_BATCHES; n++) {
      const cursor: string | null = after;
      const batch: { projects: number; drifted: number; next: string | null } = await step.run(`batch-${n}`, () => reconcileBatch(cursor, startedAt));
      projects += batch.projects;
      drifted += batch.drifted;
      if (!batch.next) break;
      after = batch.next;
    }
    return { projects, drifted };
  },
);
