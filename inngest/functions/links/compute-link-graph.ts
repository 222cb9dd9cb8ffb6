import { inngest } from "@/inngest/client";
import { refuseDomainErrors } from "@/inngest/refuse-domain-errors";
import { diagnosisRequested, linkGraphRequested } from "@/lib/events/catalogue";
import { listProjectsDueForGraph, runLinkGraph, type GraphRun } from "@/lib/links/run-graph";

// On demand (links/graph.requested): one project's unlisted pages and graph metrics, one run per project at a time;
// then the project's diagnosis, whose link rules (orphan, deep, nofollow-only) read what the graph wrote.
export const computeLinkGraphFn = inngest.createFunction(
  { id: "links-compute-graph", triggers: [linkGraphRequested], concurrency: { key: "event.data.projectId", limit: 1 } },
  async ({ event, step }) => {
    const run = await step.run("graph", () => refuseDomainErrors(() => runLinkGraph(event.data)));
    await step.sendEvent("diagnose", { name: diagnosisRequested.name, data: event.data });
    return run;
  },
);

// Hourly (at :25): the projects whose pages were audited since their graph was computed (a completed cycle included),
// at most 20 a run, each in its own step; one project's failure is logged and never stops the others.
export const sweepLinkGraphsFn = inngest.createFunction(
  { id: "links-sweep-graphs", triggers: [{ cron: "TZ=UTC 25 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const projects = await step.run("list", () => listProjectsDueForGraph());
    const runs: (GraphRun | null)[] = [];
    for (const p of projects) {
      runs.push(await step.run(`graph-${p.projectId}`, () => runLinkGraph(p).catch((e: unknown) => {
        console.error(`[links] the graph of project ${p.projectId} failed`, e);
        return null;
      })));
    }
    const computed = projects.filter((_, i) => runs[i]);
    if (computed.length) {
      await step.sendEvent("diagnose", computed.map((p) => ({ name: diagnosisRequested.name, data: { organizationId: p.organizationId, projectId: p.projectId } })));
    }
    return { projects: projects.length, computed: runs.filter(Boolean).length };
  },
);
