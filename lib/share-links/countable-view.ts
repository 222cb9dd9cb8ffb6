import { identifyCrawler } from "@/lib/crawl-logs/crawlers";

/**
 * Set by proxy.ts on every /share request ("1" or "0", never the client's own value): whether it is a view to count.
 * The decision is made there because Next.js removes its router headers (RSC, Next-Router-Prefetch) before pages run.
 */
export const SHARE_VIEW_HEADER = "x-indexwatch-share-view";

/**
 * Whether a request for a share page is a view by a person: a full page load, not a prefetch (Next.js' router
 * prefetch and client navigations carry `RSC`, browsers' speculative loads `Sec-Purpose`/`Purpose: prefetch`) nor a
 * crawler or link-preview bot (Slack, WhatsApp… unfurling a pasted link: the crawler list of lib/crawl-logs).
 */
export function isCountableView(headers: Headers): boolean {
  if (headers.has("rsc") || headers.has("next-router-prefetch")) return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""} ${headers.get("x-moz") ?? ""}`.toLowerCase();
  if (/prefetch|prerender|preview/.test(purpose)) return false;
  return !identifyCrawler(headers.get("user-agent"));
}
