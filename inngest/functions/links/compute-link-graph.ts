import { inngest } from "@/inngest/client";
import { refuseDomainErrors } from "@/inngest/refuse-domain-errors";
import { linkGraphRequested } from "@/lib/events/catalogue";
import { listProjectsDueForGraph, runLinkGraph, type GraphRun } from "@/lib/links/run-graph";

// On demand (links/graph.requested): one project's unlisted pages and graph metrics, one run per project at a time.
export const computeLinkGraphFn = inngest.createFunction(
  { id: "links-compute-graph", triggers: [linkGraphRequested], concurrency: { key: "event.data.projectId", limit: 1 } },
  async ({ event, step }) => step.run("graph", () => refuseDomainErrors(() => runLinkGraph(event.data))),
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
    return { projects: projects.length, computed: runs.filter(Boolean).length };
  },
);
