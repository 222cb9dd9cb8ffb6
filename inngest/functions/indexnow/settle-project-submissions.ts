import { inngest } from "@/inngest/client";
import { indexNowSettleRequested, parseEventData } from "@/lib/events/catalogue";
import { settleNextSubmission } from "@/lib/indexnow/settle-submissions";

const MAX_PER_RUN = 200;

// Applies a project's recorded IndexNow batches to its tracked URLs (indexNowAttempts,
// lastIndexNowSubmittedAt), one submission per step; each step is idempotent (a watermark moves with it).
export const settleProjectSubmissionsFn = inngest.createFunction(
  { id: "indexnow-settle-project", triggers: [indexNowSettleRequested], retries: 3, concurrency: [{ limit: 2 }, { key: "event.data.projectId", limit: 1 }] },
  async ({ event, step }) => {
    const { projectId } = await parseEventData(indexNowSettleRequested.name, event.data);
    let submissions = 0, urls = 0;
    for (let n = 0; n < MAX_PER_RUN; n++) {
      const r = await step.run(`settle-${n}`, () => settleNextSubmission(projectId));
      if (!r.settled) break;
      submissions++;
      urls += r.urls;
    }
    return { projectId, submissions, urls };
  },
);
