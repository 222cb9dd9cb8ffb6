// Limits of removals, read by the schemas and by the pages (without zod).
/** URLs one batch (or one file import) may declare. */
export const MAX_REMOVAL_URLS = 10_000;
export const DEFAULT_STUCK_AFTER_DAYS = 30;
