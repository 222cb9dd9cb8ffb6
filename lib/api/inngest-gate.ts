import { inngest } from "@/lib/jobs/inngest-client";
import { inngestServeRefusal } from "@/lib/jobs/serve-policy";
import { errorResponse } from "./render-error";

/** One of /api/inngest's handlers, answering the error envelope instead when the call must not be served (serve-policy.ts). */
export function gateInngest<A extends unknown[]>(handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => {
    const refusal = inngestServeRefusal(inngest.mode);
    return refusal ? errorResponse(refusal) : handler(...args);
  };
}
