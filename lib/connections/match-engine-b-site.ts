import type { EngineBSite } from "@/lib/engines/engine-b";
import { normalizeHost, parseHttpUrl, stripDot } from "@/lib/engines/property";

export type EngineBSiteMatch =
  | { ok: true; siteUrl: string }
  /** `sites`: the matching unverified sites, or (not found) every site the key lists, at most 50. */
  | { ok: false; reason: "site_not_verified" | "site_not_found"; sites: string[] };

/**
 * The engine-B site of the project domain: a listed site whose URL is http(s)://{domain} at the root
 * (with or without the final "/", default port). Verified wins, https before http; a matching site
 * that is not verified and no matching site at all are told apart.
 */
export function matchEngineBSite(sites: readonly EngineBSite[], domain: string): EngineBSiteMatch {
  const host = normalizeHost(domain);
  const matching = sites.filter((s) => {
    const url = parseHttpUrl(s.url.trim());
    return Boolean(url && host && stripDot(url.hostname) === host && url.port === "" && (url.pathname === "/" || url.pathname === "") && !url.search);
  });
  const verified = matching.filter((s) => s.verified).sort((a, b) => Number(b.url.startsWith("https:")) - Number(a.url.startsWith("https:")));
  if (verified.length) return { ok: true, siteUrl: verified[0].url };
  if (matching.length) return { ok: false, reason: "site_not_verified", sites: matching.map((s) => s.url) };
  return { ok: false, reason: "site_not_found", sites: sites.slice(0, 50).map((s) => s.url) };
}
