/** The same URL after URL parsing (scheme and host case, default port, empty path), or the text as it is. */
export function normalizedUrl(u: string): string {
  try {
    return new URL(u).href;
  } catch {
    return u;
  }
}

/**
 * The HTTP status as the audit met it: each redirect hop's status, then the final answer ("301 → 301 → 200"); without the
 * hops (not loaded), the final status and how many redirects led to it. Null when no status is known.
 */
export function statusChain(hops: { status: number }[], httpStatus: number | null, redirectHops: number | null): string | null {
  if (hops.length > 0) return [...hops.map((h) => String(h.status)), httpStatus === null ? "no answer" : String(httpStatus)].join(" → ");
  if (httpStatus === null) return null;
  if (redirectHops) return `${httpStatus} (after ${redirectHops} ${redirectHops === 1 ? "redirect" : "redirects"})`;
  return String(httpStatus);
}

/** What a canonical that points back matches: the URL itself, or, after redirects, the final URL it was compared with. */
export function canonicalMatchLabel(url: string, finalUrl: string): string {
  return normalizedUrl(url) === normalizedUrl(finalUrl) ? "Matches this URL" : "Matches the final URL";
}
