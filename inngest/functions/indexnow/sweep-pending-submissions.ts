import { inngest } from "@/inngest/client";
import { indexNowSettleRequested, indexNowSubmissionRequested } from "@/lib/events/catalogue";
import { listDueProjects, listUnsettledProjects } from "@/lib/indexnow/list-due-projects";

export const SWEEP_PAGE = 500;

// Every 5 minutes: queues a submission run for each project with URLs due, and a settle run for each
// project with batches not yet applied to its URLs, so that nothing waits on an event that was lost
// (the in-process queue is not durable) or a backoff that ended. The event ids carry the 5-minute
// slot, so a doubled sweep queues a project once.
export const sweepPendingSubmissionsFn = inngest.createFunction(
  { id: "indexnow-sweep", triggers: [{ cron: "*/5 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const slot = await step.run("slot", () => Math.floor(Date.now() / 300_000));
    const lists = [
      { kind: "submit", list: listDueProjects, event: indexNowSubmissionRequested.name },
      { kind: "settle", list: listUnsettledProjects, event: indexNowSettleRequested.name },
    ] as const;
    const queued = { submit: 0, settle: 0 };
    for (const { kind, list, event } of lists) {
      let after: string | null = null;
      for (let page = 0; ; page++) {
        const cursor: string | null = after;
        const projects: { id: string; organizationId: string }[] = await step.run(`${kind}-list-${page}`, () => list(cursor, SWEEP_PAGE));
        if (!projects.length) break;
        await step.sendEvent(`${kind}-fan-out-${page}`, projects.map((p) => ({
          name: event,
          data: { organizationId: p.organizationId, projectId: p.id, ...(kind === "submit" ? { trigger: "sweep" as const } : {}) },
          id: `indexnow-${kind}-${p.id}-${slot}`,
        })));
        queued[kind] += projects.length;
        if (projects.length < SWEEP_PAGE) break;
        after = projects[projects.length - 1].id;
      }
    }
    return { slot, queued };
  },
);
