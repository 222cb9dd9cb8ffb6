import { inngest } from "@/inngest/client";
import { defaultAuditRunner } from "@/lib/inspections/default-runner";
import { inspectPlannedProject } from "@/lib/inspections/inspect-planned-project";
import { planInspections } from "@/lib/inspections/plan-inspections";
import { forEachPlanned, summarizeTick, tickBudget, TICK_CLAIM_WINDOW_MS } from "@/lib/inspections/run-inspection-tick";

// Every 5 minutes: plan a fair share of the due and queued URLs per organization and project, then
// inspect each project's share in its own step (claimed and paid per batch; a retried step re-claims
// only what no earlier attempt leased, and a slot already paid for is never charged again).
export const runScheduledInspectionsFn = inngest.createFunction(
  { id: "inspections-run-scheduled", triggers: [{ cron: "*/5 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const plan = await step.run("plan", () => planInspections(tickBudget(), new Date()));
    const deadline = (await step.run("deadline", () => Date.now())) + TICK_CLAIM_WINDOW_MS;
    const reports = await forEachPlanned(plan.projects, (p) =>
      step.run(`inspect-${p.projectId}`, () => inspectPlannedProject(p, { runner: defaultAuditRunner(), deadline })));
    return summarizeTick(plan, reports);
  },
);
