import type { CheckReason } from "@/lib/engine-sync/check-reasons";

/** Why Google is (or was last) asked about a URL, for people (tracked_urls.engine_a_check_reason). */
export const CHECK_REASON_LABELS: Record<CheckReason, { label: string; hint: string }> = {
  never_observed: { label: "Never checked", hint: "No verdict from Google yet" },
  check_again: { label: "Checked again on request", hint: "Check again or inspect now, asked by your team" },
  removal: { label: "Following a removal", hint: "The URL was declared removed: has Google dropped it yet?" },
  audit_changed: { label: "Page changed", hint: "Our audit saw a material change" },
  last_seen_indexed: { label: "Confirming it is still indexed", hint: "An inspection of the page; Google last said indexed" },
  at_risk: { label: "At risk (possible drop)", hint: "An important page whose impressions stopped against its usual rhythm" },
  crawl_aging: { label: "Not crawled for a long time", hint: "Google last crawled it 100 days ago or more; pages not crawled for about 130 days are rarely kept" },
  oldest_verdict: { label: "Oldest verdicts", hint: "The verdicts that waited longest, high priority first" },
  inspected: { label: "After an inspection", hint: "A scheduled inspection of the page asked Google too" },
};

/**
 * The reason as the URL panel states it: while queued, why the check waits; once spent, why Google was last asked, in the
 * past ("Never checked" above an answer would contradict it: the check it names has happened).
 */
export function checkReasonText(reason: CheckReason, queued: boolean): { term: string; label: string; hint: string } {
  if (queued) return { term: "Queued for a check", ...CHECK_REASON_LABELS[reason] };
  if (reason === "never_observed") return { term: "Last asked because", label: "First check", hint: "Google had no verdict on it yet" };
  return { term: "Last asked because", ...CHECK_REASON_LABELS[reason] };
}
