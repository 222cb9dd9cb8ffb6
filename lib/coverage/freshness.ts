// What "fresh" means for a verdict, shared by the project's coverage (get-coverage.ts) and the organization's
// portfolio: a URL's Google verdict is fresh while it was observed at most FRESH_VERDICT_DAYS days ago.
export const FRESH_VERDICT_DAYS = 7;

/** The earliest observation time that still counts as fresh at `now`. */
export function freshSince(now: Date, days = FRESH_VERDICT_DAYS): Date {
  return new Date(now.getTime() - days * 86_400_000);
}
