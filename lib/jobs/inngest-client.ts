import { Inngest } from "inngest";

// The one Inngest client. The SDK reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY, INNGEST_DEV and INNGEST_BASE_URL
// itself; lib/jobs/mode.ts decides from the same variables whether an Inngest server is in play at all. It lives
// in lib so that sending an event (lib/events/send-event.ts) never reaches up into inngest/.
export const inngest = new Inngest({ id: "indexwatch" });
