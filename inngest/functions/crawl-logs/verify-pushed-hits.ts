import { inngest } from "@/inngest/client";
import { logPushVerifyRequested, parseEventData } from "@/lib/events/catalogue";
import { verifyPushedHits } from "@/lib/crawl-logs/store/verify-pushed-hits";
import { refuseDomainErrors } from "@/inngest/refuse-domain-errors";

// A pushed batch's crawler claims that need reverse DNS, verified after the push was answered; the row is counted and
// removed in one transaction, so a retry counts nothing twice.
export const verifyPushedHitsFn = inngest.createFunction(
  { id: "crawl-logs-verify-push", triggers: [logPushVerifyRequested], retries: 3, concurrency: { key: "event.data.projectId", limit: 1 } },
  async ({ event, step }) => {
    const ref = await parseEventData(logPushVerifyRequested.name, event.data);
    return step.run("verify", () => refuseDomainErrors(() => verifyPushedHits(ref.verificationId)));
  },
);
