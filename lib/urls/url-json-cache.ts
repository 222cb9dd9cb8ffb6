import { LRUCache } from "lru-cache";

/**
 * Tracked URLs in their public shape, as JSON text, by row version: what a page of URLs sends, kept so that the
 * next read of an unchanged URL neither reads nor prints its 47 fields again (on a page of 50 that was half of the
 * app's time). A row's version is PostgreSQL's `xmin`, the transaction that wrote it: every update of
 * the row, by any statement or trigger, gives it a new one, so a changed URL is never served from here. An entry is
 * read only after the page's statement found the row in the caller's project, and holds nothing but that row.
 *
 * The page's statement must say which URLs it need not print before it knows the page, so each page (its
 * organization, project and query) remembers the URLs and versions of its last answer: the next read of the same
 * page names those still held, and only the URLs changed since (or new to the page) are printed. A page read for
 * the first time prints every URL.
 *
 * One cache per process, bounded by size (least recently used out first): a restart or an eviction costs one read
 * more, never a stale answer. URL_JSON_CACHE_MB sets the bound (32 by default, about 25,000 URLs; 0 turns it off).
 */
const BYTES = Math.floor(cacheMegabytes(process.env.URL_JSON_CACHE_MB) * 1024 * 1024);
// JSON of ASCII text is one byte a character in V8; an entry and its key cost about 100 more.
const urls = BYTES >= 1024
  ? new LRUCache<string, { version: string; json: string }>({ maxSize: BYTES, sizeCalculation: (entry) => entry.json.length + 100 })
  : null;
// The `id:version` of each page's last answer (at most 100 URLs a page): a small share of the URLs' own size.
const pages = urls
  ? new LRUCache<string, string[]>({ maxSize: Math.floor(BYTES / 16), sizeCalculation: (ids, key) => key.length + ids.length * 60 + 100 })
  : null;

function cacheMegabytes(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 32;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n;
  console.warn(`URL_JSON_CACHE_MB=${JSON.stringify(value)} is not a number of megabytes; the URL cache keeps its default, 32`);
  return 32;
}

/** The URL's JSON at this version, if this process printed it. */
function cachedUrlJson(id: string, version: string): string | undefined {
  const entry = urls?.get(id);
  return entry?.version === version ? entry.json : undefined;
}

/** Keeps the URL's JSON at this version (replacing an older one). */
export function keepUrlJson(id: string, version: string, json: string): void {
  urls?.set(id, { version, json });
}

/**
 * The URLs of the page's last answer still held at the version it read, by `id:version`, with their JSON: the page's
 * statement need not print them, and they are at hand whatever the cache evicts meanwhile.
 */
export function heldUrlsOf(pageKey: string): Map<string, string> {
  const held = new Map<string, string>();
  for (const pair of pages?.get(pageKey) ?? []) {
    const at = pair.indexOf(":");
    const json = cachedUrlJson(pair.slice(0, at), pair.slice(at + 1));
    if (json !== undefined) held.set(pair, json);
  }
  return held;
}

/** Remembers the URLs of the page's answer, `id:version` each. */
export function rememberUrlVersions(pageKey: string, pairs: string[]): void {
  if (pairs.length) pages?.set(pageKey, pairs);
  else pages?.delete(pageKey);
}
