import { inngest } from "@/inngest/client";
import { getDefaultPool } from "@/lib/rendering/browser";
import { listSentinelRendersDue, renderSentinelPages, type SentinelRenderReport } from "@/lib/rendering/sentinel-renders";

// Hourly (at :10): the site watch's sentinel pages due for their daily render (at most 200 pages a run), each project in
// its own step, without credits. Without a browser nothing is rendered (the pages stay due). One project's failure is
// logged and never stops the others.
export const renderSentinelPagesFn = inngest.createFunction(
  { id: "rendering-sentinel-renders", triggers: [{ cron: "TZ=UTC 10 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const available = await step.run("renderer", async () => (await getDefaultPool().state()).available);
    if (!available) return { projects: 0, rendered: 0, failed: 0, skipped: "renderer unavailable" };
    const projects = await step.run("list", () => listSentinelRendersDue(new Date()));
    const reports: SentinelRenderReport[] = [];
    for (const p of projects) {
      const report = await step.run(`sentinels-${p.projectId}`, () => renderSentinelPages(p).catch((e: unknown) => {
        console.error(`[rendering] the sentinel renders of project ${p.projectId} failed`, e);
        return { projectId: p.projectId, rendered: 0, failed: 0, stoppedBy: null };
      }));
      reports.push(report);
      if (report.stoppedBy === "renderer") break;
    }
    return { projects: reports.length, rendered: reports.reduce((n, r) => n + r.rendered, 0), failed: reports.reduce((n, r) => n + r.failed, 0), skipped: null };
  },
);
