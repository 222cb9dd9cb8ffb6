import { inngest } from "@/inngest/client";
import { flushOutbox, purgeOutbox } from "@/lib/events/outbox";

// Every minute: domain events committed to the outbox and not yet sent (lib/events/outbox.ts kicks a flush
// a second after each event too; this is the guarantee).
export const flushOutboxFn = inngest.createFunction(
  { id: "events-outbox-flush", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => step.run("flush", () => flushOutbox()),
);

// Daily: sent events older than a week are deleted.
export const purgeOutboxFn = inngest.createFunction(
  { id: "events-outbox-purge", triggers: [{ cron: "TZ=UTC 40 3 * * *" }] },
  async ({ step }) => step.run("purge", () => purgeOutbox()),
);
