import type { AuditOutcome } from "@/lib/audit/types";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import { LINK_KIND, type PageLinksInput } from "./record-page-links";

/**
 * What one audit says about a tracked page's outlinks: a 2xx HTML page read whole gives its links (a redirected
 * URL's links are its target's, kept under the target's node and counted as an audited page's); an error answer (4xx/5xx) has none any more;
 * anything else (robots.txt block, challenge, failure) keeps what was stored (null).
 */
export function pageLinksOf(trackedUrlId: string, outcome: AuditOutcome): PageLinksInput | null {
  const f = outcome.fields;
  if (f?.links) {
    const target = outcome.redirectTarget ? normalizeUrl(outcome.redirectTarget) : null;
    if (target?.ok) return { trackedUrlId, url: target.url, kind: LINK_KIND.raw, links: f.links, linksSeen: f.linksSeen };
    return { trackedUrlId, url: outcome.url, kind: LINK_KIND.raw, links: f.links, linksSeen: f.linksSeen };
  }
  if (outcome.fetched && typeof outcome.httpStatus === "number" && outcome.httpStatus >= 400) {
    return { trackedUrlId, url: outcome.url, kind: LINK_KIND.raw, links: null };
  }
  return null;
}
