const truthy = (v: string | undefined) => !!v && v !== "0" && v.toLowerCase() !== "false";
const isUrl = (v: string | undefined) => !!v && /^https?:\/\//.test(v);

/**
 * True when an Inngest server runs our functions: Inngest Cloud keys, or a dev / self-hosted server
 * (`INNGEST_DEV=1` with `INNGEST_BASE_URL`, or `INNGEST_DEV=<url>`). Otherwise they run in-process.
 */
export function inngestConfigured(env: Record<string, string | undefined> = process.env): boolean {
  // Either Cloud key counts: with only one set, Inngest would still call /api/inngest and an
  // in-process scheduler beside it would run every cron twice.
  if (env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY) return true;
  return isUrl(env.INNGEST_DEV) || (truthy(env.INNGEST_DEV) && !!env.INNGEST_BASE_URL);
}

/** Operators turn the in-process cron scheduler off, e.g. on a second replica. */
export function inProcessJobsDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DISABLE_IN_PROCESS_JOBS === "1";
}

/**
 * Cron functions the in-process scheduler leaves unscheduled (`DISABLE_IN_PROCESS_CRONS`, function ids separated by
 * commas): their events still run, and `triggerCronNow` still runs them. The e2e server uses it for the sweeps over
 * every project (sentinel audits, renders, the robots.txt watch) that would rewrite what a journey seeded and burn the
 * CPU the journeys need.
 */
export function disabledInProcessCrons(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set((env.DISABLE_IN_PROCESS_CRONS ?? "").split(",").map((id) => id.trim()).filter(Boolean));
}
