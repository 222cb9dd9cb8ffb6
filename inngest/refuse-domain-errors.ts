import { NonRetriableError } from "inngest";
import { DomainError } from "@/lib/core/errors";

/**
 * Runs a verb inside a step: a DomainError is a refusal that a retry cannot change (the import is gone,
 * the project was deleted), so it stops the run for good; anything else is thrown as is and retried.
 * Retrying is decided here, in inngest/, never in lib/.
 */
export async function refuseDomainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw new NonRetriableError(error.message, { cause: error });
    throw error;
  }
}
