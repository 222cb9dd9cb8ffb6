import { normalizeUrl } from "@/lib/urls/normalize-url";
import type { CrawlerMatch } from "./crawlers";
import type { LogHit } from "./types";
import type { Verification } from "./verify-crawler";

const DAY_MS = 86_400_000;

/** Verified fetches of one URL (host + path, scheme left out) by one family on one UTC day. */
export type UrlDayAgg = {
  key: string; family: string; day: number; hits: number;
  s2: number; s3: number; s4: number; s5: number; s403: number; first: number; last: number; lastStatus: number | null;
};
export type ProjectDayAgg = {
  family: string; day: number; verified: number; unverified: number; other: number;
  s2: number; s3: number; s4: number; s5: number; lastSeen: number;
};
export type HitCounters = { crawlerHits: number; verifiedHits: number; unverifiedHits: number; otherHostHits: number };

/**
 * The in-memory aggregate of one chunk of hits (bounded by the chunk's size): per URL × family × day
 * for verified hits, per family × day for all crawler hits. Spoofed hits (unverified) are counted per
 * family and never as the crawler's fetch of a URL. Nothing of the line or the client address is kept.
 */
export class HitAggregator {
  readonly urlDays = new Map<string, UrlDayAgg>();
  readonly projectDays = new Map<string, ProjectDayAgg>();
  readonly counters: HitCounters = { crawlerHits: 0, verifiedHits: 0, unverifiedHits: 0, otherHostHits: 0 };
  private readonly targets = new Map<string, string | null>();

  constructor(private readonly domain: string) {}

  /** The URL key (`host/path?query`) of a hit on the project's host; "other_host", or null for a target that is no page. */
  target(hit: LogHit): string | "other_host" | null {
    if (hit.host && hit.host !== this.domain) return "other_host";
    const cached = this.targets.get(hit.path);
    if (cached !== undefined) return cached;
    let key: string | null = null;
    if (hit.path.startsWith("/")) {
      const n = normalizeUrl(`https://${this.domain}${hit.path}`);
      key = n.ok && n.host === this.domain ? n.url.slice("https://".length) : null;
    } else if (/^https?:\/\//i.test(hit.path)) {
      const n = normalizeUrl(hit.path);
      key = !n.ok ? null : n.host !== this.domain ? "other_host" : n.url.slice(n.url.indexOf("//") + 2);
    }
    if (this.targets.size > 20_000) this.targets.clear();
    this.targets.set(hit.path, key);
    return key;
  }

  add(hit: LogHit, match: CrawlerMatch, verification: Verification, key: string): void {
    const ms = hit.time.getTime();
    const day = Math.floor(ms / DAY_MS);
    const c = classOf(hit.status);
    const pk = `${match.family}\t${day}`;
    let p = this.projectDays.get(pk);
    if (!p) this.projectDays.set(pk, (p = { family: match.family, day, verified: 0, unverified: 0, other: 0, s2: 0, s3: 0, s4: 0, s5: 0, lastSeen: ms }));
    if (ms > p.lastSeen) p.lastSeen = ms;
    if (verification === "unverified") { p.unverified++; this.counters.unverifiedHits++; return; }
    if (verification === "other") { p.other++; return; }
    p.verified++;
    this.counters.verifiedHits++;
    if (c) p[c]++;
    const uk = `${key}\t${match.family}\t${day}`;
    let u = this.urlDays.get(uk);
    if (!u) this.urlDays.set(uk, (u = { key, family: match.family, day, hits: 0, s2: 0, s3: 0, s4: 0, s5: 0, s403: 0, first: ms, last: ms, lastStatus: null }));
    u.hits++;
    if (c) u[c]++;
    if (hit.status === 403) u.s403++;
    if (ms < u.first) u.first = ms;
    if (ms >= u.last) { u.last = ms; u.lastStatus = hit.status; }
  }

  get empty(): boolean {
    return this.projectDays.size === 0 && this.counters.otherHostHits === 0;
  }
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
