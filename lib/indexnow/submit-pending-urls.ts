import { claimSubmissionLease, releaseSubmissionLease } from "./lease";
import { indexNowEndpoint, MAX_BATCHES_PER_RUN } from "./limits";
import { submitNextBatch, type BatchReport, type PendingCursor } from "./submit-next-batch";

/** Runs one unit of work; the Inngest function passes step.run so each unit is a durable step. */
export type StepRunner = <T>(id: string, work: () => Promise<T>) => Promise<T>;

export type SubmissionRun = {
  projectId: string;
  outcome: "ineligible" | "busy" | "backoff" | "completed";
  batches: Extract<BatchReport, { submissionId: string }>[];
  /** Set when a batch failed: the project's next batch waits until then. */
  nextAttemptAt: string | null;
  /** URLs are due still (more than one run's batches, or admitted meanwhile): the caller queues another run. */
  moreDue: boolean;
};

type Args = { projectId: string; clock?: () => Date; endpoint?: string; maxBatches?: number; batchSize?: number; step?: StepRunner };

/**
 * Submits the project's pending URLs, batch after batch, under the project's lease: stops when none
 * is left, after `maxBatches`, or at the first batch that was not delivered (the backoff then applies).
 */
export async function submitPendingUrls({
  projectId, clock = () => new Date(), endpoint = indexNowEndpoint(), maxBatches = MAX_BATCHES_PER_RUN, batchSize, step = (_id, work) => work(),
}: Args): Promise<SubmissionRun> {
  const claim = await step("claim", () => claimSubmissionLease(projectId, clock()));
  if (!claim.claimed) return { projectId, outcome: claim.reason, batches: [], nextAttemptAt: claim.nextAttemptAt, moreDue: false };

  const batches: SubmissionRun["batches"] = [];
  let after: PendingCursor | null = null;
  let nextAttemptAt: string | null = null;
  for (let n = 0; n < maxBatches; n++) {
    const cursor: PendingCursor | null = after;
    const report: BatchReport = await step(`batch-${n}`, () => submitNextBatch({ projectId, leaseToken: claim.token, after: cursor, now: clock(), endpoint, batchSize }));
    if (!("submissionId" in report)) break;
    batches.push(report);
    after = report.cursor;
    if (report.outcome === "failed") {
      nextAttemptAt = report.nextAttemptAt;
      break;
    }
  }
  const { moreDue } = await step("release", () => releaseSubmissionLease(projectId, claim.token, clock()));
  return { projectId, outcome: "completed", batches, nextAttemptAt, moreDue };
}
