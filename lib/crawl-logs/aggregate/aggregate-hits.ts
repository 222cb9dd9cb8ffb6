import { MAX_URL_LENGTH, normalizeUrl } from "@/lib/urls/normalize-url";
import { CRAWLER_FAMILY_IDS, type CrawlerMatch } from "../identify/crawlers";
import type { LogHit } from "../types";
import { flatCopy } from "../read/flat-copy";
import type { Verification } from "../verify/verify-crawler";

const DAY_MS = 86_400_000;

/** Verified fetches of one URL (its normalized path on the project's host) by one family on one UTC day. */
export type UrlDayAgg = {
  path: string; family: string; day: number; hits: number;
  s2: number; s3: number; s4: number; s5: number; s403: number; first: number; last: number; lastStatus: number | null;
};
export type ProjectDayAgg = {
  family: string; day: number; verified: number; unverified: number; other: number;
  s2: number; s3: number; s4: number; s5: number; lastSeen: number;
};
export type HitCounters = { crawlerHits: number; verifiedHits: number; unverifiedHits: number; otherHostHits: number };

/** Slow-path targets remembered per aggregator (the fast path needs no memory). */
const TARGET_CACHE = 20_000;
const FAMILY_INDEX = new Map<string, number>(CRAWLER_FAMILY_IDS.map((f, i) => [f, i]));
const familyIndex = (family: string) => FAMILY_INDEX.get(family) ?? CRAWLER_FAMILY_IDS.length;

/**
 * The in-memory aggregate of one chunk of hits (bounded by the chunk's size): per URL × family × day
 * for verified hits, per family × day for all crawler hits. Spoofed hits (unverified) are counted per
 * family and never as the crawler's fetch of a URL. Nothing of the line or the client address is kept.
 * Keyed by the URL's normalized path (one map lookup per hit, no string built per hit), then a short list of the
 * URL's (family, day) rows; project days by a number (family index and day).
 */
export class HitAggregator {
  private readonly urls = new Map<string, UrlDayAgg[]>();
  readonly projectDays = new Map<number, ProjectDayAgg>();
  readonly counters: HitCounters = { crawlerHits: 0, verifiedHits: 0, unverifiedHits: 0, otherHostHits: 0 };
  private readonly targets = new Map<string, string | null>();
  private readonly maxPlainPath: number;

  constructor(private readonly domain: string) {
    // The fast path joins the domain as it is: only when normalization would leave it so.
    const n = normalizeUrl(`https://${domain}/`);
    this.maxPlainPath = n.ok && n.url === `https://${domain}/` ? MAX_URL_LENGTH - "https://".length - domain.length : -1;
  }

  /**
   * The normalized path (`/path?query`) of a hit on the project's host (its URL key is the domain and this path);
   * "other_host", or null for a target that is no page.
   */
  target(hit: LogHit): string | "other_host" | null {
    if (hit.host && hit.host !== this.domain) return "other_host";
    const path = hit.path;
    // Most paths are already what URL normalization would make of them: no parse, no cache.
    if (path.length <= this.maxPlainPath && isPlainPath(path)) return path;
    const cached = this.targets.get(path);
    if (cached !== undefined) return cached;
    const key = targetKey(path, this.domain);
    const normalized = key === null || key === "other_host" ? key : key.slice(this.domain.length);
    if (this.targets.size >= TARGET_CACHE) this.targets.delete(this.targets.keys().next().value as string);
    this.targets.set(flatCopy(path), normalized);
    return normalized;
  }

  /** Counts a crawler hit; `path` is what target() answered for it. */
  add(hit: LogHit, match: CrawlerMatch, verification: Verification, path: string): void {
    const ms = hit.time.getTime();
    const day = Math.floor(ms / DAY_MS);
    const c = classOf(hit.status);
    const family = match.family;
    const pk = familyIndex(family) * 1_000_000 + day;
    let p = this.projectDays.get(pk);
    if (!p) this.projectDays.set(pk, (p = { family, day, verified: 0, unverified: 0, other: 0, s2: 0, s3: 0, s4: 0, s5: 0, lastSeen: ms }));
    if (ms > p.lastSeen) p.lastSeen = ms;
    if (verification === "unverified") { p.unverified++; this.counters.unverifiedHits++; return; }
    if (verification === "other") { p.other++; return; }
    p.verified++;
    this.counters.verifiedHits++;
    if (c) p[c]++;
    let rows = this.urls.get(path);
    let own = rows?.[0]?.path;
    // A new URL's path is copied: the hit's is a slice of its log line, which would stay alive with it.
    if (!rows) this.urls.set((own = flatCopy(path)), (rows = []));
    let u: UrlDayAgg | undefined;
    for (let i = 0; i < rows.length; i++) if (rows[i].day === day && rows[i].family === family) { u = rows[i]; break; }
    if (!u) rows.push((u = { path: own ?? flatCopy(path), family, day, hits: 0, s2: 0, s3: 0, s4: 0, s5: 0, s403: 0, first: ms, last: ms, lastStatus: null }));
    u.hits++;
    if (c) u[c]++;
    if (hit.status === 403) u.s403++;
    if (ms < u.first) u.first = ms;
    if (ms >= u.last) { u.last = ms; u.lastStatus = hit.status; }
  }

  /** The distinct URL paths with verified fetches. */
  urlPaths(): IterableIterator<string> {
    return this.urls.keys();
  }

  /** Every URL × family × day row. */
  *urlDays(): Generator<UrlDayAgg> {
    for (const rows of this.urls.values()) yield* rows;
  }

  get empty(): boolean {
    return this.projectDays.size === 0 && this.counters.otherHostHits === 0;
  }
}

/** The URL key of a logged target through URL normalization (the slow path). */
function targetKey(path: string, domain: string): string | "other_host" | null {
  if (path.startsWith("/")) {
    const n = normalizeUrl(`https://${domain}${path}`);
    return n.ok && n.host === domain ? n.url.slice("https://".length) : null;
  }
  if (/^https?:\/\//i.test(path)) {
    const n = normalizeUrl(path);
    return !n.ok ? null : n.host !== domain ? "other_host" : n.url.slice(n.url.indexOf("//") + 2);
  }
  return null;
}

// Characters WHATWG URL parsing leaves as they are in a path and in a query of an http(s) URL. Left out (they
// take the slow path): controls, space, non-ASCII, `"`, `#`, `'`, `<`, `>`, `[`, `\`, `]`, `^`, `` ` ``, `{`, `|`, `}`, and `%`.
const PLAIN = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&()*+,;=:@/?") PLAIN[c.charCodeAt(0)] = 1;

/**
 * Whether an origin-form target is already in normalized form: plain characters only and no dot segment
 * (no `/.`), so `https://host` + path is what normalizeUrl would answer.
 */
export function isPlainPath(path: string): boolean {
  if (path.charCodeAt(0) !== 47) return false;
  let prev = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c > 127 || PLAIN[c] === 0 || (c === 46 && prev === 47)) return false;
    prev = c;
  }
  return true;
}

function classOf(status: number | null): "s2" | "s3" | "s4" | "s5" | null {
  if (status === null) return null;
  if (status >= 200 && status < 300) return "s2";
  if (status >= 300 && status < 400) return "s3";
  if (status >= 400 && status < 500) return "s4";
  if (status >= 500 && status < 600) return "s5";
  return null;
}

export const dayToDate = (day: number) => new Date(day * DAY_MS);
