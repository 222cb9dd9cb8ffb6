import { inngest } from "@/inngest/client";
import { systemCtx } from "@/lib/core/context";
import { listDueSearchAnalyticsProjects, pullSearchAnalytics, type PullOutcome } from "@/lib/search-analytics";

// Every 15 minutes: each connected project whose Search Analytics were not pulled yet this Pacific day (a new
// connection: its 16 months), in its own step. A quota answer or a failure sets when to try again; a stopped
// backfill resumes after the last window stored. One project's error never stops the others.
export const pullSearchAnalyticsFn = inngest.createFunction(
  { id: "search-analytics-pull", triggers: [{ cron: "*/15 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const projects = await step.run("list", () => listDueSearchAnalyticsProjects());
    const outcomes: Array<PullOutcome["status"] | "error"> = [];
    for (const p of projects) {
      outcomes.push(await step.run(`pull-${p.projectId}`, async () => {
        try {
          return (await pullSearchAnalytics(systemCtx("search-analytics-pull", p.organizationId), p.projectId)).status;
        } catch (e) {
          console.error(`[search-analytics] pull of project ${p.projectId} failed`, e);
          return "error" as const;
        }
      }));
    }
    return { projects: projects.length, pulled: outcomes.filter((s) => s === "pulled").length };
  },
);
