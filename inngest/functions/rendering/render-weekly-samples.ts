import { inngest } from "@/inngest/client";
import { getDefaultPool } from "@/lib/rendering/browser";
import { listProjectsDueForSample, renderProjectSample, type SampleReport } from "@/lib/rendering/sample";

// Hourly (at :40): the projects whose weekly render sample is due (at most 20 a run), each in its own step. Without
// a browser nothing is taken (their samples stay due). One project's failure is logged and never stops the others.
export const renderWeeklySamplesFn = inngest.createFunction(
  { id: "rendering-weekly-samples", triggers: [{ cron: "TZ=UTC 40 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const available = await step.run("renderer", async () => (await getDefaultPool().state()).available);
    if (!available) return { projects: 0, rendered: 0, failed: 0, skipped: "renderer unavailable" };
    const projects = await step.run("list", () => listProjectsDueForSample(new Date()));
    const reports: SampleReport[] = [];
    for (const p of projects) {
      reports.push(await step.run(`sample-${p.projectId}`, () => renderProjectSample(p).catch((e: unknown) => {
        console.error(`[rendering] the weekly sample of project ${p.projectId} failed`, e);
        return { projectId: p.projectId, picked: 0, rendered: 0, failed: 0, stoppedBy: null };
      })));
    }
    return { projects: projects.length, rendered: reports.reduce((n, r) => n + r.rendered, 0), failed: reports.reduce((n, r) => n + r.failed, 0), skipped: null };
  },
);
