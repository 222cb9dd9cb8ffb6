// The functions in inngest/ are created with the client of lib/jobs (the domain sends events through it too).
export { inngest } from "@/lib/jobs/inngest-client";
