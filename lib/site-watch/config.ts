// Site watch settings (docs/site-watch.md). Read on use, so tests and the bench may change the environment.

/** Minutes between two robots.txt fetches of a project (`ROBOTS_WATCH_MINUTES`, default 5). */
export function robotsWatchMs(): number {
  const minutes = Number(process.env.ROBOTS_WATCH_MINUTES ?? 5);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 5) * 60_000;
}

/** Google reads the first 500 KiB of a robots.txt; so do we (the rest is never read). */
export const ROBOTS_WATCH_MAX_BYTES = 500 * 1024;
/** Google follows up to 5 redirects for robots.txt, to any host. */
export const ROBOTS_WATCH_MAX_REDIRECTS = 5;
export const ROBOTS_WATCH_TIMEOUT_MS = 10_000;

// Hysteresis (docs/site-watch.md, "Flapping"):
/** A new content becomes current once it was seen on this many fetches in a row. */
export const CONFIRM_FETCHES = 2;
/** Going back to a version that was current within this long is recorded but alerts nobody again. */
export const FLIP_BACK_QUIET_MS = 24 * 3_600_000;
/** 5xx or no answer on this many fetches in a row opens `robots_txt_unreachable` (15 minutes at the default cadence). */
export const FAILURES_FOR_ISSUE = 3;

/** The home page and the certificate are checked once an hour, with the robots.txt fetch that falls due. */
export const HOME_CHECK_MS = 3_600_000;
/** `certificate_expiring` opens this many days before the certificate's end. */
export const CERT_WARN_DAYS = 14;

/** Projects claimed per batch of a tick and fetches in flight at once. */
export const TICK_BATCH = 500;
export function tickConcurrency(): number {
  const n = Number(process.env.ROBOTS_WATCH_CONCURRENCY ?? 64);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 64;
}
