/** The URL state of the robots.txt tester: URLs to prefill (`?url=`, repeatable, e.g. from a URL's audit) and a user agent (`?ua=`). */
export type RobotsSearch = { urls: string[]; userAgent: string | null };

const MAX_PREFILL = 100;

export function parseRobotsSearch(sp: Record<string, string | string[] | undefined>): RobotsSearch {
  const all = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);
  const urls = all(sp.url).map((u) => u.trim()).filter(Boolean).slice(0, MAX_PREFILL);
  const ua = all(sp.ua)[0]?.trim();
  return { urls, userAgent: ua ? ua.slice(0, 200) : null };
}
