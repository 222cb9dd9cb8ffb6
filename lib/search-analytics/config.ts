// Search Analytics (Google's performance data): what we pull and keep. Days are Pacific calendar days, as the console counts them.

/** Days of daily rows kept per URL: the console's own 16 months (DESIGN.md: performance `days` 1-480). */
export const KEEP_DAYS = 480;
/** The window of the URL list's clicks28d, impressions28d, ctr28d and position28d (and of the untracked pages). */
export const METRIC_DAYS = 28;
/** A pull asks for this many days at a time, oldest first: a stopped backfill resumes after the last window stored. */
export const WINDOW_DAYS = 30;
/** Rows per request: the API's maximum. */
export const ROWS_PER_REQUEST = 25_000;
/** Without `metadata.firstIncompleteDate`, days before this many are taken as final (the API is 2-3 days behind). */
export const FINAL_LAG_DAYS = 3;
/** After a failure that is neither quota nor a lost grant, the next try waits this long. */
export const RETRY_AFTER_FAILURE_MS = 60 * 60_000;
