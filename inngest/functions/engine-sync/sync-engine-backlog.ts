import { inngest } from "@/inngest/client";
import { systemCtx } from "@/lib/core/context";
import { listBacklogProjects, syncEngineBacklog, type BacklogReport } from "@/lib/engine-sync";
import { forEachPlanned, TICK_CLAIM_WINDOW_MS } from "@/lib/inspections/run-inspection-tick";

const none = { observed: 0, inconclusive: 0, failed: 0, owed: 0, stopped: null, retryAt: null };
const EMPTY_REPORT: BacklogReport = { engineA: none, engineB: none };

// Every 5 minutes: the engine checks owed after paid inspections, per connected project in its own step,
// by priority inside the gsc quota (a spent minute is waited out within the tick; a spent day waits for
// the next Pacific midnight). A retried step asks only what is still owed.
export const syncEngineBacklogFn = inngest.createFunction(
  { id: "engines-sync-backlog", triggers: [{ cron: "*/5 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const projects = await step.run("list", () => listBacklogProjects());
    const deadline = (await step.run("deadline", () => Date.now())) + TICK_CLAIM_WINDOW_MS;
    // One project's failure (a database error mid-run) is logged and never stops the others; it is asked again next tick.
    const reports = await forEachPlanned(projects, (p) => step.run(`sync-${p.projectId}`, () => syncEngineBacklog(systemCtx("engines-sync-backlog", p.organizationId), p.projectId, { deadline }).catch((e: unknown) => {
      console.error(`[engines] backlog sync of project ${p.projectId} failed`, e);
      return EMPTY_REPORT;
    })));
    const total = (engine: "engineA" | "engineB", k: "observed" | "owed") => reports.reduce((s, r) => s + r[engine][k], 0);
    return {
      projects: projects.length,
      engineA: { observed: total("engineA", "observed"), owed: total("engineA", "owed") },
      engineB: { observed: total("engineB", "observed"), owed: total("engineB", "owed") },
    };
  },
);
