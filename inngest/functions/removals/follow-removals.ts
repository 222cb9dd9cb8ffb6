import { inngest } from "@/inngest/client";
import { systemCtx } from "@/lib/core/context";
import { followProjectRemovals, listProjectsWithActiveRemovals, type FollowReport } from "@/lib/removals/follow-removals";

// Hourly (at :25): every project with an active removal batch, in its own step: our audit of the URLs due a
// site check, what Google and Bing last said, state changes, `url.removed` / `removal.stuck` and the
// `removal_stuck` issue. One project's failure is logged and never stops the others.
export const followRemovalsFn = inngest.createFunction(
  { id: "removals-follow", triggers: [{ cron: "TZ=UTC 25 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const projects = await step.run("list", () => listProjectsWithActiveRemovals());
    const reports: FollowReport[] = [];
    for (const p of projects) {
      reports.push(await step.run(`follow-${p.projectId}`, () => followProjectRemovals(systemCtx("removals-follow", p.organizationId), p.projectId).catch((e: unknown) => {
        console.error(`[removals] following the removals of project ${p.projectId} failed`, e);
        return { projects: 1, siteChecked: 0, confirmed: 0, removed: 0, stuck: 0, cancelled: 0 };
      })));
    }
    const sum = (k: keyof FollowReport) => reports.reduce((n, r) => n + r[k], 0);
    return { projects: projects.length, siteChecked: sum("siteChecked"), confirmed: sum("confirmed"), removed: sum("removed"), stuck: sum("stuck"), cancelled: sum("cancelled") };
  },
);
