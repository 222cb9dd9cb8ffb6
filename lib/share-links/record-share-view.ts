import { identifyCrawler } from "@/lib/crawl-logs/crawlers";
import { db } from "@/lib/db";

/**
 * Whether a request for a share page is a view by a person: a full page load, not a prefetch (Next.js' router
 * prefetch and client navigations carry `RSC`, browsers' speculative loads `Sec-Purpose`/`Purpose: prefetch`) nor a
 * crawler or link-preview bot (Slack, Teams, WhatsApp… unfurling a pasted link: the crawler list of lib/crawl-logs).
 */
export function isCountableView(headers: Headers): boolean {
  if (headers.has("rsc") || headers.has("next-router-prefetch")) return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""} ${headers.get("x-moz") ?? ""}`.toLowerCase();
  if (/prefetch|prerender|preview/.test(purpose)) return false;
  return !identifyCrawler(headers.get("user-agent"));
}

/** Counts one view of a live link (a revoked or expired one counts nothing). */
export async function recordShareView(linkId: string, now = new Date()): Promise<void> {
  await db.shareLink.updateMany({
    where: { id: linkId, revokedAt: null, expiresAt: { gt: now } },
    data: { viewCount: { increment: 1 }, lastViewedAt: now },
  });
}
