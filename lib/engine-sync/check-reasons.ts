// Why a URL owes Google a check (tracked_urls.engine_a_check_reason) and the backlog priority each reason
// carries (tracked_urls.engine_a_sync_priority: the lower, the sooner inside the console's quota). The reason is
// kept after the check is spent, so the URL panel can say why Google was last asked.

export const CHECK_REASON_PRIORITY = {
  /** No inspection and no impressions yet. */
  never_observed: 0,
  /** A user asked: "check again" or inspect now. */
  check_again: 1,
  /** The URL is in a removal batch (lib/removals): has Google dropped it since it was declared? */
  removal: 1,
  /** Our audit changed materially (status, indexability, canonical). */
  audit_changed: 2,
  /** An inspection found the page as Google last saw it indexed: confirm it still is. */
  last_seen_indexed: 3,
  /** An important page whose impressions stopped against its own baseline: a possible drop. */
  at_risk: 3,
  /** Google's last crawl (inspection's lastCrawlTime, or a verified Googlebot fetch in the logs) nears 130 days. */
  crawl_aging: 4,
  /** The daily plan's oldest verdicts. */
  oldest_verdict: 5,
  /** Asked after a scheduled inspection of the page. */
  inspected: 5,
} as const;
export type CheckReason = keyof typeof CHECK_REASON_PRIORITY;
export const CHECK_REASONS = Object.keys(CHECK_REASON_PRIORITY) as CheckReason[];

/** SQL text: the backlog priority of the reason held by `reasonSql` (constant text, no input: callers wrap it in Prisma.raw). */
export const prioritySql = (reasonSql: string) =>
  `CASE ${reasonSql} ${Object.entries(CHECK_REASON_PRIORITY).map(([r, n]) => `WHEN '${r}' THEN ${n}`).join(" ")} END`;

/** Days since Google's last known crawl from which a page is planned as `crawl_aging` (pages not crawled for 130 days are rarely kept). */
export const CRAWL_AGING_DAYS = 100;
/** A `crawl_aging` page is asked again at most this often: an inspection does not make Google crawl. */
export const CRAWL_AGING_RECHECK_DAYS = 7;
