// Is a hit that claims a crawler really that crawler? First the operator's published IP ranges, then, where a
// family has no list or the address is outside it, forward-confirmed reverse DNS through the configured
// resolver. Results are cached per (family, address); DNS lookups are rate-limited and waited for.
import { DnsLookupError, getDefaultResolver, type HostResolver } from "@/lib/net/resolver";
import type { CrawlerFamily, CrawlerMatch } from "../identify/crawlers";
import { flatCopy } from "../read/flat-copy";
import { IpRangeSet, addressKey } from "./ip-range-set";
import { IP_RANGE_LISTS } from "./ip-ranges";
import { loadIpRangeLists, type LoadedRangeList } from "./ip-range-store";

export type { HostResolver };

/**
 * `verified`: claims a verifiable crawler and proves it. `unverified`: claims a known crawler and fails
 * (spoofed, or the proof could not be had). `other`: claims no crawler we know, or one of a family nobody can
 * verify (no published list and no reverse DNS convention: Bytespider, meta-externalagent, other bots).
 */
export type Verification = "verified" | "unverified" | "other";

export interface CrawlerVerifier {
  classify(match: CrawlerMatch | null, ip: string): Promise<Verification>;
  /** The answer without waiting when it is known (no claim, or cached), else undefined: then classify() looks it up. */
  peek(match: CrawlerMatch | null, ip: string): Verification | undefined;
  /** The answer when no DNS lookup is needed (no claim, cached, inside a published range, or no reverse DNS convention), else undefined. */
  classifyWithoutDns(match: CrawlerMatch | null, ip: string): Promise<Verification | undefined>;
  stats(): { lookups: number; cacheHits: number };
}

export interface CrawlerVerifierOptions {
  resolver?: HostResolver;
  now?: () => Date;
  /** The range lists to use (default: loadIpRangeLists(), i.e. the stored copies, else the shipped ones). */
  loadLists?: () => Promise<Array<Pick<LoadedRangeList, "id" | "prefixes">>>;
  cacheSize?: number;
  positiveTtlMs?: number;
  negativeTtlMs?: number;
  /** TTL of an answer that failed on DNS errors (timeout, SERVFAIL): retried sooner. */
  errorTtlMs?: number;
  maxConcurrentLookups?: number;
  lookupsPerSecond?: number;
  /** A verification waiting longer than this for a lookup slot gives up as `unverified` (cached as an error). */
  maxWaitMs?: number;
}

interface ReverseDnsRule {
  /** The PTR name must be one of these domains or under one. */
  domains: readonly string[];
  /** Whether the PTR name's A/AAAA records must include the address (every operator but Baidu documents it). */
  forwardConfirm: boolean;
}

// Operators' documented reverse DNS domains. Google's user-triggered fetchers resolve under
// gae.googleusercontent.com; the rest of googleusercontent.com is Google Cloud customers' machines.
const REVERSE_DNS: Partial<Record<CrawlerFamily, ReverseDnsRule>> = {
  googlebot: { domains: ["googlebot.com", "google.com"], forwardConfirm: true },
  google_other: { domains: ["googlebot.com", "google.com", "gae.googleusercontent.com"], forwardConfirm: true },
  bingbot: { domains: ["search.msn.com"], forwardConfirm: true },
  applebot: { domains: ["applebot.apple.com"], forwardConfirm: true },
  yandexbot: { domains: ["yandex.ru", "yandex.net", "yandex.com"], forwardConfirm: true },
  baiduspider: { domains: ["baidu.com", "baidu.jp"], forwardConfirm: false },
  amazonbot: { domains: ["crawl.amazonbot.amazon"], forwardConfirm: true },
  // Common Crawl: crawler hosts are named under crawl.commoncrawl.org (commoncrawl.org/ccbot; its ccbot.json recommends FCrDNS too).
  ccbot: { domains: ["crawl.commoncrawl.org"], forwardConfirm: true },
};

export const REVERSE_DNS_DOMAINS: Readonly<Partial<Record<CrawlerFamily, readonly string[]>>> = Object.fromEntries(
  Object.entries(REVERSE_DNS).map(([family, rule]) => [family, rule.domains]),
);

const LISTS_BY_FAMILY = new Map<CrawlerFamily, string[]>();
for (const list of IP_RANGE_LISTS) for (const family of list.families) LISTS_BY_FAMILY.set(family, [...(LISTS_BY_FAMILY.get(family) ?? []), list.id]);

/** Whether any means of proof exists for a family (a published list or a reverse DNS convention). */
export function isVerifiableFamily(family: CrawlerFamily): boolean {
  return LISTS_BY_FAMILY.has(family) || family in REVERSE_DNS;
}

const HOUR = 3600_000;
const RELOAD_LISTS_MS = 6 * HOUR;

type Outcome = { result: "verified" | "unverified"; transient: boolean };
type Lookup = <T>(run: () => Promise<T>) => Promise<T>;

export function createCrawlerVerifier(options: CrawlerVerifierOptions = {}): CrawlerVerifier {
  const resolver = options.resolver ?? getDefaultResolver();
  const clock = options.now;
  const nowMs = clock ? () => clock().getTime() : Date.now;
  const positiveTtl = options.positiveTtlMs ?? 24 * HOUR;
  const negativeTtl = options.negativeTtlMs ?? HOUR;
  const errorTtl = options.errorTtlMs ?? 5 * 60_000;
  const limiter = createLimiter(options.maxConcurrentLookups ?? 8, options.lookupsPerSecond ?? 50, options.maxWaitMs ?? 30_000);
  const cache = createVerdictCache(options.cacheSize ?? 100_000, nowMs);
  const rangeSets = createRangeSets(options.loadLists ?? loadIpRangeLists);
  const inFlight = new Map<string, Promise<Verification>>();
  let lookups = 0;
  let cacheHits = 0;

  const lookup: Lookup = async (run) => {
    await limiter.acquire();
    lookups++;
    try {
      return await run();
    } finally {
      limiter.release();
    }
  };

  async function inPublishedRanges(family: CrawlerFamily, key: number | bigint): Promise<boolean> {
    const listIds = LISTS_BY_FAMILY.get(family) ?? [];
    if (listIds.length === 0) return false;
    const loaded = await rangeSets();
    return listIds.some((id) => loaded.get(id)?.has(key));
  }

  async function verify(family: CrawlerFamily, ip: string): Promise<{ result: Verification; ttl: number }> {
    const key = addressKey(ip);
    if (key === null) return { result: "unverified", ttl: negativeTtl };
    if (await inPublishedRanges(family, key)) return { result: "verified", ttl: positiveTtl };
    const rule = REVERSE_DNS[family];
    if (!rule) return { result: "unverified", ttl: negativeTtl };
    const outcome = await reverseDns(lookup, resolver, rule, ip, key);
    return { result: outcome.result, ttl: outcome.result === "verified" ? positiveTtl : outcome.transient ? errorTtl : negativeTtl };
  }

  function peek(match: CrawlerMatch | null, ip: string): Verification | undefined {
    if (!match || !match.verifiable || !isVerifiableFamily(match.family)) return "other";
    const answer = cache.answer(match.family, ip);
    if (answer !== undefined) cacheHits++;
    return answer;
  }

  async function classifyWithoutDns(match: CrawlerMatch | null, ip: string): Promise<Verification | undefined> {
    const known = peek(match, ip);
    if (known !== undefined) return known;
    const { family } = match!;
    const key = addressKey(ip);
    if (key !== null && await inPublishedRanges(family, key)) { cache.remember(family, ip, "verified", positiveTtl); return "verified"; }
    if (key === null || !REVERSE_DNS[family]) { cache.remember(family, ip, "unverified", negativeTtl); return "unverified"; }
    return undefined;
  }

  async function classify(match: CrawlerMatch | null, ip: string): Promise<Verification> {
    const known = peek(match, ip);
    if (known !== undefined) return known;
    // Not known: a verifiable claim (peek answered "other" for none). One lookup per (family, address) at a time.
    const { family } = match!;
    const key = `${family}|${ip}`;
    const pending = inFlight.get(key);
    if (pending) {
      cacheHits++;
      return pending;
    }
    const promise = verify(family, ip).then(({ result, ttl }) => {
      cache.remember(family, ip, result, ttl);
      return result;
    });
    inFlight.set(key, promise);
    try {
      return await promise;
    } finally {
      inFlight.delete(key);
    }
  }

  return { peek, classifyWithoutDns, classify, stats: () => ({ lookups, cacheHits }) };
}

/** Answers per (family, address) until they expire, at most `size` of them: past it the largest family's oldest goes. */
function createVerdictCache(size: number, nowMs: () => number) {
  // Per family, then per address: no key string is built per hit.
  const cache = new Map<CrawlerFamily, Map<string, { result: Verification; expires: number }>>();
  let cached = 0;
  return {
    remember(family: CrawlerFamily, ip: string, result: Verification, ttl: number): void {
      let byIp = cache.get(family);
      if (!byIp) cache.set(family, (byIp = new Map()));
      if (cached >= size) {
        // Oldest first, from the largest family's entries (where the room is).
        let largest = byIp;
        for (const m of cache.values()) if (m.size > largest.size) largest = m;
        const oldest = largest.keys().next();
        if (!oldest.done) { largest.delete(oldest.value); cached--; }
      }
      if (!byIp.has(ip)) cached++;
      byIp.set(flatCopy(ip), { result, expires: nowMs() + ttl });
    },
    answer(family: CrawlerFamily, ip: string): Verification | undefined {
      const byIp = cache.get(family);
      const entry = byIp?.get(ip);
      if (!entry) return undefined;
      if (entry.expires > nowMs()) return entry.result;
      byIp!.delete(ip);
      cached--;
      return undefined;
    },
  };
}

/** The published range lists as sets by list id: loaded on first use, again after RELOAD_LISTS_MS, and after a failed load. */
function createRangeSets(loadLists: NonNullable<CrawlerVerifierOptions["loadLists"]>): () => Promise<Map<string, IpRangeSet>> {
  let sets: Promise<Map<string, IpRangeSet>> | null = null;
  let setsLoadedAt = 0;
  return () => {
    const t = Date.now();
    if (!sets || t - setsLoadedAt > RELOAD_LISTS_MS) {
      setsLoadedAt = t;
      sets = loadLists().then((lists) => new Map(lists.map((l) => [l.id, IpRangeSet.fromEntries(l.prefixes)])));
      sets.catch(() => (sets = null));
    }
    return sets;
  };
}

/** Forward-confirmed reverse DNS: a PTR name under one of the rule's domains whose A/AAAA records hold the address (at most two names tried). */
async function reverseDns(lookup: Lookup, resolver: HostResolver, rule: ReverseDnsRule, ip: string, key: number | bigint): Promise<Outcome> {
  let names: string[];
  try {
    names = await lookup(() => resolver.reverse(ip));
  } catch (error) {
    return { result: "unverified", transient: isTransient(error) };
  }
  const candidates = names.map((n) => n.toLowerCase().replace(/\.$/, "")).filter((n) => rule.domains.some((d) => n === d || n.endsWith(`.${d}`)));
  if (candidates.length === 0) return { result: "unverified", transient: false };
  if (!rule.forwardConfirm) return { result: "verified", transient: false };
  let transient = false;
  for (const name of candidates.slice(0, 2)) {
    try {
      const addresses = await lookup(() => resolver.resolveAddresses(name));
      if (addresses.some((a) => addressKey(a) === key)) return { result: "verified", transient: false };
    } catch (error) {
      transient ||= isTransient(error);
    }
  }
  return { result: "unverified", transient };
}

function isTransient(error: unknown): boolean {
  if (error instanceof LimiterTimeout) return true;
  const code = error instanceof DnsLookupError ? error.code : String((error as NodeJS.ErrnoException)?.code ?? "");
  return !["ENOTFOUND", "ENODATA", "NXDOMAIN"].includes(code);
}

class LimiterTimeout extends Error {}

/** At most `concurrency` lookups at once and `perSecond` started per second; callers queue, up to maxWaitMs. */
function createLimiter(concurrency: number, perSecond: number, maxWaitMs: number) {
  let active = 0;
  const started: number[] = [];
  const queue: Array<{ resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout }> = [];
  let wakeTimer: NodeJS.Timeout | null = null;

  function pump(): void {
    while (queue.length > 0 && active < concurrency) {
      const t = Date.now();
      while (started.length > 0 && started[0] <= t - 1000) started.shift();
      if (started.length >= perSecond) {
        if (!wakeTimer) {
          wakeTimer = setTimeout(() => {
            wakeTimer = null;
            pump();
          }, started[0] + 1000 - t);
        }
        return;
      }
      const next = queue.shift()!;
      clearTimeout(next.timer);
      active++;
      started.push(t);
      next.resolve();
    }
  }

  return {
    acquire(): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const entry = {
          resolve,
          reject,
          timer: setTimeout(() => {
            const i = queue.indexOf(entry);
            if (i >= 0) queue.splice(i, 1);
            reject(new LimiterTimeout("no DNS lookup slot in time"));
          }, maxWaitMs),
        };
        queue.push(entry);
        pump();
      });
    },
    release(): void {
      active--;
      pump();
    },
  };
}
