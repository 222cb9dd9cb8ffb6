import { NonRetriableError } from "inngest";
import { inngest } from "@/inngest/client";
import { parseEventData, urlImportCommitRequested } from "@/lib/events/catalogue";
import { commitImportChunk } from "@/lib/imports/commit-import-chunk";
import { completeImport } from "@/lib/imports/complete-import";
import { failImport } from "@/lib/imports/fail-import";
import { loadCommitPlan } from "@/lib/imports/load-commit-plan";
import { refuseDomainErrors } from "@/inngest/refuse-domain-errors";

const RETRIES = 2;

// One step per chunk of 1,000 rows, starting after the last committed chunk, so a resumed or
// retried run repeats nothing. One run per import at a time; the chunk verb is idempotent anyway.
export const commitUrlImportFn = inngest.createFunction(
  { id: "commit-url-import", triggers: [urlImportCommitRequested], retries: RETRIES, concurrency: { key: "event.data.importId", limit: 1 } },
  async ({ event, step, attempt }) => {
    const ref = await parseEventData(urlImportCommitRequested.name, event.data);
    try {
      const plan = await step.run("load-plan", () => refuseDomainErrors(() => loadCommitPlan(ref)));
      if (plan.status !== "committing") return { importId: ref.importId, status: plan.status, skipped: true };
      for (let n = plan.committedChunks; n < plan.totalChunks; n++) {
        await step.run(`commit-chunk-${n}`, () => refuseDomainErrors(() => commitImportChunk(ref.importId, n)));
      }
      return { importId: ref.importId, ...(await step.run("complete", () => completeImport(ref.importId, plan.totalChunks))) };
    } catch (error) {
      if (isFinal(error, attempt)) await step.run("mark-failed", () => failImport(ref.importId, publicMessage(error)));
      throw error;
    }
  },
);

const isNonRetriable = (e: unknown) => e instanceof NonRetriableError || (e instanceof Error && e.name === "NonRetriableError");

// The last attempt, a refusal to retry, or (on an Inngest server) a step whose retries are exhausted.
function isFinal(error: unknown, attempt: number): boolean {
  return isNonRetriable(error) || (error instanceof Error && error.name === "StepError") || attempt >= RETRIES;
}

// Our own refusals are written for users; anything else may carry internals.
function publicMessage(error: unknown): string {
  return isNonRetriable(error) && error instanceof Error ? error.message : "The import stopped on an unexpected error; the rows inserted so far are kept";
}
