import { inngest } from "@/inngest/client";
import { indexNowSettleRequested, indexNowSubmissionRequested, parseEventData } from "@/lib/events/catalogue";
import { submitPendingUrls, type StepRunner } from "@/lib/indexnow/submit-pending-urls";

// One project's backlog to IndexNow, batch by batch, each batch a step. One run per project at a time
// (Inngest concurrency, and the lease in the database for in-process runs); with Inngest, the debounce
// gathers the events of an import's chunks into fuller batches. Then the batches are applied to the
// URLs' columns (indexnow-settle-project), and a run that leaves URLs due (its batch limit, or URLs
// admitted meanwhile) queues the next one.
export const submitProjectUrlsFn = inngest.createFunction(
  {
    id: "indexnow-submit-project", triggers: [indexNowSubmissionRequested], retries: 3,
    concurrency: [{ limit: 4 }, { key: "event.data.projectId", limit: 1 }],
    debounce: { key: "event.data.projectId", period: "10s", timeout: "2m" },
  },
  async ({ event, step }) => {
    const { organizationId, projectId } = await parseEventData(indexNowSubmissionRequested.name, event.data);
    const data = { organizationId, projectId };
    const run = await submitPendingUrls({ projectId: data.projectId, step: ((id, work) => step.run(id, work)) as StepRunner });
    const follow = [
      ...(run.batches.length ? [{ name: indexNowSettleRequested.name, data }] : []),
      ...(run.moreDue ? [{ name: indexNowSubmissionRequested.name, data: { ...data, trigger: "continue" as const } }] : []),
    ];
    if (follow.length) await step.sendEvent("follow-up", follow);
    return { ...run, batches: run.batches.map((b) => ({ submissionId: b.submissionId, status: b.status, urlCount: b.urlCount })) };
  },
);
