import { NonRetriableError } from "inngest";
import { inngest } from "@/inngest/client";
import {
  deployRecorded, importCompleted, isPublicEvent, issueOpened, issueResolved, removalStuck, robotsTxtChanged, siteChangeDetected, siteChangeReverted, syncCompleted, urlDroppedFromIndex, urlRemoved,
} from "@/lib/events/catalogue";
import { deliverDue } from "@/lib/webhooks/deliver";
import { forgetExpiredSecrets } from "@/lib/webhooks/forget-expired-secrets";
import { fanOutEvent } from "@/lib/webhooks/fan-out";

// Every public domain event becomes one delivery per subscribed endpoint, attempted at once; the retries
// are the minute cron's. The event id (set by the outbox) names the message, so a retried step adds nothing.
export const webhooksFanOutFn = inngest.createFunction(
  { id: "webhooks-fan-out", triggers: [issueOpened, issueResolved, urlDroppedFromIndex, syncCompleted, importCompleted, urlRemoved, removalStuck,
    siteChangeDetected, siteChangeReverted, deployRecorded, robotsTxtChanged] },
  async ({ event, step }) => {
    if (!isPublicEvent(event)) throw new NonRetriableError(`webhooks-fan-out takes public events, not ${event.name}`);
    const ids = await step.run("fan-out", () => fanOutEvent({ ...event, id: event.id ?? `${event.name}-${JSON.stringify(event.data)}` }));
    if (!ids.length) return { deliveries: 0 };
    const sent = await step.run("deliver", () => deliverDue({ ids }));
    return { deliveries: ids.length, ...sent };
  },
);

// Every minute: deliveries whose next attempt is due (retries, and first attempts a crashed fan-out left),
// then previous secrets whose overlap after a rotation has ended are forgotten.
export const webhooksDeliverDueFn = inngest.createFunction(
  { id: "webhooks-deliver-due", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    let attempted = 0;
    for (let n = 0; n < 20; n++) {
      const r = await step.run(`batch-${n}`, () => deliverDue({ limit: 1000 }));
      attempted += r.attempted;
      if (r.attempted < 1000) break;
    }
    const forgottenSecrets = await step.run("forget-expired-secrets", () => forgetExpiredSecrets());
    return { attempted, forgottenSecrets };
  },
);
