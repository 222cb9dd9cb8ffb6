import { identifyCrawler } from "@/lib/crawl-logs/identify/crawlers";

/**
 * Whether a request for a share page is a view by a person: a browser's navigation to the page (Fetch Metadata
 * `Sec-Fetch-Dest: document`, `Sec-Fetch-Mode: navigate`; absent from older clients, which count), not the router's
 * fetches and prefetches of its links (`empty`/`cors`), a speculative load (`Sec-Purpose`/`Purpose: prefetch`), a
 * crawler or a link-preview bot unfurling a pasted link (Slack, WhatsApp…: the crawler list of lib/crawl-logs).
 */
export function isCountableView(headers: Headers): boolean {
  const dest = headers.get("sec-fetch-dest"), mode = headers.get("sec-fetch-mode");
  if ((dest && dest !== "document") || (mode && mode !== "navigate")) return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""} ${headers.get("x-moz") ?? ""}`.toLowerCase();
  if (/prefetch|prerender|preview/.test(purpose)) return false;
  return !identifyCrawler(headers.get("user-agent"));
}
