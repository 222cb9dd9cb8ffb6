import { NonRetriableError } from "inngest";
import { inngest } from "@/inngest/client";
import { logImportRequested, parseEventData } from "@/lib/events/catalogue";
import { failLogImport, processLogImportSlice } from "@/lib/crawl-logs/store/process-log-import";
import { refuseDomainErrors } from "@/inngest/refuse-domain-errors";

const RETRIES = 3;
// A 20 GiB log at the benchmark's speed needs a few hundred 4-minute slices; this only stops a runaway loop.
const MAX_SLICES = 5_000;

// Each step processes the log from the checkpoint stored with the last committed chunk for at most
// LOG_STEP_SECONDS, so a retried or resumed step repeats no line; step ids carry the slice number.
export const processLogImportFn = inngest.createFunction(
  { id: "crawl-logs-process-import", triggers: [logImportRequested], retries: RETRIES, concurrency: { key: "event.data.logImportId", limit: 1 } },
  async ({ event, step, attempt }) => {
    const ref = await parseEventData(logImportRequested.name, event.data);
    try {
      for (let n = 0; n < MAX_SLICES; n++) {
        const out = await step.run(`process-slice-${n}`, () => refuseDomainErrors(() => processLogImportSlice(ref.logImportId)));
        if (out.status !== "running") return { logImportId: ref.logImportId, ...out };
      }
      throw new NonRetriableError("The log import did not finish within its slice budget");
    } catch (error) {
      if (isFinal(error, attempt)) await step.run("mark-failed", () => failLogImport(ref.logImportId, publicMessage(error)));
      throw error;
    }
  },
);

const isNonRetriable = (e: unknown) => e instanceof NonRetriableError || (e instanceof Error && e.name === "NonRetriableError");

function isFinal(error: unknown, attempt: number): boolean {
  return isNonRetriable(error) || (error instanceof Error && error.name === "StepError") || attempt >= RETRIES;
}

function publicMessage(error: unknown): string {
  return isNonRetriable(error) && error instanceof Error ? error.message : "The import stopped on an unexpected error; the lines counted so far are kept";
}
