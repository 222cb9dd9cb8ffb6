import { inngest } from "@/inngest/client";
import { refuseDomainErrors } from "@/inngest/refuse-domain-errors";
import { diagnosisRequested, parseEventData } from "@/lib/events/catalogue";
import { diagnoseProject, listProjectsDueForDiagnosis } from "@/lib/diagnosis/diagnose-projects";

// Hourly (at :50, after the audits and engine syncs of the hour): every project whose diagnosis is over an hour old,
// each in its own step; one project's failure is logged and never stops the others.
export const diagnoseProjectsFn = inngest.createFunction(
  { id: "diagnosis-hourly", triggers: [{ cron: "TZ=UTC 50 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const projects = await step.run("list", () => listProjectsDueForDiagnosis(new Date()));
    let diagnosed = 0;
    for (const p of projects) {
      const ok = await step.run(`diagnose-${p.projectId}`, () => diagnoseProject(p).then(() => true).catch((e: unknown) => {
        console.error(`[diagnosis] project ${p.projectId} failed`, e);
        return false;
      }));
      if (ok) diagnosed += 1;
    }
    return { projects: projects.length, diagnosed };
  },
);

// One project now (the link graph, an audit cycle or an engine sync changed its facts); a burst of requests for one
// project runs once (debounced a minute).
export const diagnoseRequestedFn = inngest.createFunction(
  { id: "diagnosis-requested", triggers: [diagnosisRequested], debounce: { key: "event.data.projectId", period: "1m" }, concurrency: { limit: 1, key: "event.data.projectId" } },
  async ({ event, step }) => {
    const data = await parseEventData("diagnosis/requested", event.data);
    return step.run("diagnose", () => refuseDomainErrors(() => diagnoseProject(data)));
  },
);
