import { inngest } from "@/inngest/client";
import { sentinelsRunRequested } from "@/lib/events/catalogue";
import { forEachPlanned } from "@/lib/inspections/run-inspection-tick";
import { runSentinels } from "@/lib/inspections/inspect-sentinels";
import { listSentinelProjects } from "@/lib/site-watch/sentinels";

export const SENTINEL_PAGE = 500;

// Every 15 minutes: each active project's sentinel pages, audited without credits (8 projects at once,
// each in its own step), then its site changes looked for. A project run within the interval (after a
// deploy) waits for the next tick.
export const runSentinelsCronFn = inngest.createFunction(
  { id: "site-watch-sentinels-cron", triggers: [{ cron: "*/15 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    let after: string | null = null;
    let projects = 0;
    let audited = 0;
    let siteChanges = 0;
    for (let page = 0; ; page++) {
      const due = await step.run(`list-${page}`, () => listSentinelProjects(after, SENTINEL_PAGE));
      if (!due.length) break;
      const reports = await forEachPlanned(due, (p) => step.run(`sentinels-${p.projectId}`, () => runSentinels(p)));
      projects += due.length;
      for (const r of reports) {
        audited += r?.audited ?? 0;
        siteChanges += r?.siteChanges.opened.length ?? 0;
      }
      if (due.length < SENTINEL_PAGE) break;
      after = due[due.length - 1].projectId;
    }
    return { projects, audited, siteChanges };
  },
);

// A deploy was recorded: its project's sentinels run at once.
export const runSentinelsOnDeployFn = inngest.createFunction(
  { id: "site-watch-sentinels-on-deploy", triggers: [sentinelsRunRequested], concurrency: { key: "event.data.projectId", limit: 1 } },
  async ({ event, step }) => {
    const report = await step.run("sentinels", () => runSentinels({ organizationId: event.data.organizationId, projectId: event.data.projectId }));
    return report ? { audited: report.audited, changed: report.changed, siteChanges: report.siteChanges.opened.length } : { skipped: "project gone" };
  },
);
