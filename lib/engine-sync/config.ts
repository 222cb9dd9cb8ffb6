// What the engine sync reads from configuration, in one place: the OAuth client that refreshes grants,
// the inspection quota in force, and the sizes of its batches.
export { gscOAuthCredentials } from "@/lib/connections/config"; // GSC_CLIENT_ID, GSC_CLIENT_SECRET
export { gscQuota } from "@/lib/engines/gsc"; // GSC_QUOTA_PER_DAY, GSC_QUOTA_PER_MINUTE

/** Owed checks asked per engine call of the backlog sync (the gsc batch is also capped by today's quota). */
export const BACKLOG_BATCH_SIZE = 100;

/** Failures in a row (not quota, not a dead credential) after which an engine is left alone for the run. */
export const CONSECUTIVE_FAILURES_STOP = 3;
