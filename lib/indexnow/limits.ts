// IndexNow limits and timings (SPEC.md Limits; https://www.indexnow.org/documentation).

/** The protocol accepts at most 10,000 URLs per request. */
export const MAX_URLS_PER_BATCH = 10_000;
/** Submission.responseBody keeps at most this many bytes (UTF-8) of the answer. */
export const RESPONSE_BODY_MAX_BYTES = 8 * 1024;
/** Per-URL detail rows (submission_urls) are kept this long; batch summaries indefinitely. */
export const DETAIL_RETENTION_MS = 90 * 24 * 3600_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** One run holds a project's lease this long, renewed before every batch; a crashed run's lease lapses. */
export const LEASE_MS = 2 * 60_000;
/** Backoff after a failed batch: 5 min doubling per consecutive failure, at most 6 h (a 429's Retry-After wins when longer, up to 24 h). */
export const BACKOFF_BASE_MS = 5 * 60_000;
export const BACKOFF_MAX_MS = 6 * 3600_000;
export const RETRY_AFTER_MAX_MS = 24 * 3600_000;
/** Batches per Inngest run; a larger backlog continues in a follow-up run. */
export const MAX_BATCHES_PER_RUN = 20;

export const DEFAULT_INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow";
export const indexNowEndpoint = () => process.env.INDEXNOW_ENDPOINT || DEFAULT_INDEXNOW_ENDPOINT;
