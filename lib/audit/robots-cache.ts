import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { decidingStatus, fetchRobotsFile, robotsDecisionForFetch, type RobotsTxt } from "@/lib/robots";
import { describeFailure } from "./describe-failure";
import { crawlerUserAgent } from "./user-agent";

export interface RobotsEntry {
  robotsUrl: string;
  /** Status after redirects (the last redirect's when they did not end), or "unreachable". */
  status: number | "unreachable";
  robots: RobotsTxt;
  /** Why robots.txt was unreachable (`dns: NXDOMAIN`, …); null otherwise. */
  error: string | null;
  fetchedAt: Date;
  /** `performance.now()` when its request started, so crawl-delay spacing can count it. */
  startedAt: number;
}

export interface RobotsCache {
  /** The robots.txt decision for an absolute http(s) URL's origin, fetched at most once per TTL; never rejects. */
  get(url: string | URL): Promise<RobotsEntry>;
  clear(): void;
}

export interface RobotsCacheOptions {
  fetcher?: SafeFetcher;
  /** RFC 9309 §2.4: a cached copy is used for at most 24 hours. */
  ttlMs?: number;
  /** 5xx and unreachable answers disallow everything, so they are retried sooner. */
  failureTtlMs?: number;
  now?: () => Date;
  userAgent?: string;
  timeoutMs?: number;
  maxEntries?: number;
  /** Budget of cached robots.txt bytes across origins (a file may be 500 KiB). */
  maxBytes?: number;
}

type Slot = { entry: Promise<RobotsEntry>; expiresAt: number; bytes: number };

export function createRobotsCache(options: RobotsCacheOptions = {}): RobotsCache {
  const { ttlMs = 24 * 3600_000, now = () => new Date(), timeoutMs = 20_000, maxEntries = 10_000, maxBytes = 32 * 1024 * 1024 } = options;
  const failureTtlMs = Math.min(options.failureTtlMs ?? 10 * 60_000, ttlMs);
  const fetcher = options.fetcher ?? getDefaultFetcher();
  const userAgent = options.userAgent ?? crawlerUserAgent();
  const slots = new Map<string, Slot>();
  let bytes = 0;

  function evict() {
    for (const [key, slot] of slots) {
      if (slots.size <= maxEntries && bytes <= maxBytes) break;
      slots.delete(key);
      bytes -= slot.bytes;
    }
  }

  async function load(key: string, robotsUrl: string, slot: Slot): Promise<RobotsEntry> {
    const fetchedAt = now();
    const startedAt = performance.now();
    const { status, body, error } = await fetchRobots(fetcher, robotsUrl, userAgent, timeoutMs).catch((e: unknown) => ({
      status: "unreachable" as const,
      body: null,
      error: `internal: ${String((e as Error)?.message ?? e)}`,
    }));
    const ok = typeof status === "number" && status < 500 && status !== 429;
    slot.expiresAt = now().getTime() + (ok ? ttlMs : failureTtlMs);
    if (slots.get(key) === slot) {
      slot.bytes = body?.length ?? 0;
      bytes += slot.bytes;
      evict();
    }
    const robots = robotsDecisionForFetch(status, body ?? undefined, { baseUrl: robotsUrl });
    return { robotsUrl, status, robots, error, fetchedAt, startedAt };
  }

  return {
    get(input) {
      const url = typeof input === "string" ? new URL(input) : input;
      const port = url.port || (url.protocol === "https:" ? "443" : "80");
      const key = `${url.protocol}//${url.hostname}:${port}`;
      const found = slots.get(key);
      if (found && found.expiresAt > now().getTime()) {
        slots.delete(key);
        slots.set(key, found);
        return found.entry;
      }
      if (found) {
        slots.delete(key);
        bytes -= found.bytes;
      }
      const slot = { expiresAt: Infinity, bytes: 0 } as Slot;
      slot.entry = load(key, new URL("/robots.txt", url.origin).href, slot);
      slots.set(key, slot);
      evict();
      return slot.entry;
    },
    clear() {
      slots.clear();
      bytes = 0;
    },
  };
}

type Fetched = { status: number | "unreachable"; body: Buffer | null; error: string | null };

async function fetchRobots(fetcher: SafeFetcher, robotsUrl: string, userAgent: string, timeoutMs: number): Promise<Fetched> {
  const file = await fetchRobotsFile(fetcher, robotsUrl, { userAgent, timeoutMs });
  const status = decidingStatus(file);
  return { status, body: file.body, error: status === "unreachable" && file.failure ? describeFailure(file.failure) : null };
}

const defaultCaches = new WeakMap<SafeFetcher, RobotsCache>();

/** The process-wide cache over the default fetcher, shared by every audit that is not given one. */
export function getDefaultRobotsCache(): RobotsCache {
  const fetcher = getDefaultFetcher();
  let cache = defaultCaches.get(fetcher);
  if (!cache) defaultCaches.set(fetcher, (cache = createRobotsCache({ fetcher })));
  return cache;
}
