import { normalizeUrl } from "@/lib/urls/normalize-url";
import type { PageLink } from "@/lib/audit/page-links";
import { LINK_KIND, type PageLinksInput } from "./record-page-links";

/** What a render says about a tracked page's rendered outlinks (lib/rendering/render-url.ts hands it over). */
export interface RenderedLinksInput {
  status: "rendered" | "failed";
  /** The document's status and final URL after redirects (null when the document could not be fetched). */
  httpStatus: number | null;
  finalUrl: string | null;
  /** The rendered DOM's internal links, read by the audit's own link scanner; absent when the page was not rendered. */
  renderedLinks?: { links: PageLink[]; linksSeen: number } | null;
}

/**
 * The page_links row (kind 1, rendered) a render writes, by the audit's rules for its raw row (audit-links.ts): a
 * rendered page gives its links, kept under the node of the page the document ended on (a redirected URL's links are
 * its target's); an error answer (4xx/5xx) has none any more; anything else (robots.txt, a timeout, a crash) keeps
 * what the last render stored (null).
 */
export function renderedPageLinksOf(trackedUrlId: string, url: string, render: RenderedLinksInput): PageLinksInput | null {
  const page = pageUrlOf(url, render.finalUrl);
  if (typeof render.httpStatus === "number" && render.httpStatus >= 400) return { trackedUrlId, url: page, kind: LINK_KIND.rendered, links: null };
  if (render.status === "rendered" && render.renderedLinks) {
    return { trackedUrlId, url: page, kind: LINK_KIND.rendered, links: render.renderedLinks.links, linksSeen: render.renderedLinks.linksSeen };
  }
  return null;
}

/** The tracked URL itself, or the page its document redirected to (normalised as link targets are). */
function pageUrlOf(url: string, finalUrl: string | null): string {
  if (!finalUrl || finalUrl === url) return url;
  const own = normalizeUrl(url);
  const final = normalizeUrl(finalUrl);
  return final.ok && (!own.ok || final.url !== own.url) ? final.url : url;
}
