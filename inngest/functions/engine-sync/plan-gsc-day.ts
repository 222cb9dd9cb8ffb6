import { inngest } from "@/inngest/client";
import { systemCtx } from "@/lib/core/context";
import { listProjectsToPlan, planGscDay } from "@/lib/engine-sync";

// Every 15 minutes: each connected project without today's plan (a new Pacific day, a new connection) gets one,
// in its own step: the rest of the day's Google quota goes to the URLs whose verdict is missing, at risk or oldest
// (lib/engine-sync/plan-gsc-day.ts); the 5-minute backlog spends it. A plan is made once per project and day.
export const planGscDayFn = inngest.createFunction(
  { id: "engines-plan-gsc-day", triggers: [{ cron: "*/15 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const projects = await step.run("list", () => listProjectsToPlan());
    let planned = 0;
    for (const p of projects) {
      planned += await step.run(`plan-${p.projectId}`, async () => {
        try {
          return (await planGscDay(systemCtx("engines-plan-gsc-day", p.organizationId), p.projectId))?.planned ?? 0;
        } catch (e) {
          console.error(`[engines] planning the day of project ${p.projectId} failed`, e);
          return 0;
        }
      });
    }
    return { projects: projects.length, planned };
  },
);
