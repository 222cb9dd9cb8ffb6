import { Inngest } from "inngest";

// The SDK reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_DEV and INNGEST_BASE_URL itself;
// lib/jobs/mode.ts decides from the same variables whether an Inngest server is in play at all.
export const inngest = new Inngest({ id: "indexwatch" });
