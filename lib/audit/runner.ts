import { HostLimiter } from "@/lib/net/host-limiter";
import { configuredFetcher, getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { auditUrl, type AuditOptions } from "./audit-url";
import { HostPacer } from "./host-pacer";
import { createRobotsCache, getDefaultRobotsCache, type RobotsCache } from "./robots-cache";
import type { AuditOutcome } from "./types";

export interface AuditRunnerOptions extends Pick<AuditOptions, "now" | "userAgent" | "timeoutMs" | "fields" | "links"> {
  /** Its own per-host limit (`maxPerHost`) must be at least `hostConcurrency`, or requests queue inside it against their deadline. */
  fetcher?: SafeFetcher;
  robots?: RobotsCache;
  /** Audits (so requests, robots.txt included) in flight per host. */
  hostConcurrency?: number;
  /** Audits in flight overall, each holding its slot until `onOutcome` has settled. */
  concurrency?: number;
  /** Told when `onOutcome` throws; the run goes on. Default: logged. */
  onError?: (url: string, error: unknown) => void;
  /**
   * Told the start a Crawl-delay reserved for a page request (`performance.now()` scale), once its
   * wait is over: the schedule itself, which a busy machine can only make later, never earlier.
   */
  onPaced?: (host: string, startAt: number) => void;
}

export interface AuditRunner {
  /** Resolves once every URL's outcome has been handed to `onOutcome` and it has settled; never rejects. */
  run(urls: string[], onOutcome: (outcome: AuditOutcome) => Promise<void> | void): Promise<void>;
}

type HostQueue = { host: string; urls: string[]; next: number; active: number; queued: boolean };

/**
 * Audits many URLs: hosts take turns, at most `hostConcurrency` audits run per host (an audit
 * makes one request at a time, and concurrent audits of an origin share one robots.txt fetch),
 * and page requests on a host start at least its Crawl-delay apart.
 */
export function createAuditRunner(options: AuditRunnerOptions = {}): AuditRunner {
  const hostConcurrency = options.hostConcurrency ?? (Number(process.env.AUDIT_HOST_CONCURRENCY) || 4);
  const concurrency = options.concurrency ?? 32;
  if (!Number.isInteger(hostConcurrency) || hostConcurrency < 1) throw new Error("hostConcurrency must be a positive integer");
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("concurrency must be a positive integer");
  const fetcher = options.fetcher ?? auditFetcher(hostConcurrency);
  const robots = options.robots ?? (options.fetcher ? createRobotsCache({ fetcher, userAgent: options.userAgent }) : getDefaultRobotsCache());
  const { limiter, pacer } = scheduleFor(fetcher, hostConcurrency);
  const onError = options.onError ?? ((url, error) => console.error(`audit: onOutcome failed for ${url}`, error));
  const auditOptions: AuditOptions = {
    fetcher,
    robots,
    now: options.now,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    fields: options.fields,
    links: options.links,
    beforeFetch: async (host, delayMs, robotsStartedAt) => {
      const startAt = await pacer.wait(host, delayMs, robotsStartedAt);
      if (startAt !== undefined) options.onPaced?.(host, startAt);
    },
  };

  async function auditOne(queue: HostQueue, url: string, hostFree: () => void): Promise<AuditOutcome> {
    const release = await limiter.acquire(queue.host);
    try {
      return await auditUrl(url, auditOptions);
    } finally {
      release();
      hostFree();
    }
  }

  return {
    run(urls, onOutcome) {
      const byHost = new Map<string, HostQueue>();
      for (const url of urls) {
        const host = hostOf(url);
        let queue = byHost.get(host);
        if (!queue) byHost.set(host, (queue = { host, urls: [], next: 0, active: 0, queued: false }));
        queue.urls.push(url);
      }
      const ready = [...byHost.values()];
      for (const queue of ready) queue.queued = true;
      let head = 0;
      let active = 0;
      let remaining = urls.length;

      return new Promise<void>((resolve) => {
        const requeue = (queue: HostQueue) => {
          if (queue.queued || queue.next >= queue.urls.length || queue.active >= hostConcurrency) return;
          queue.queued = true;
          ready.push(queue);
        };
        const pump = () => {
          while (active < concurrency && head < ready.length) {
            const queue = ready[head++];
            queue.queued = false;
            if (queue.next >= queue.urls.length || queue.active >= hostConcurrency) continue;
            const url = queue.urls[queue.next++];
            queue.active++;
            active++;
            requeue(queue);
            const hostFree = () => {
              queue.active--;
              requeue(queue);
              pump();
            };
            void auditOne(queue, url, hostFree)
              .then((outcome) => onOutcome(outcome))
              .catch((error: unknown) => {
                try {
                  onError(url, error);
                } catch {
                  // A failing reporter must not end the run either.
                }
              })
              .finally(() => {
                active--;
                if (--remaining === 0) resolve();
                else pump();
              });
          }
          if (head > 1024 && head * 2 > ready.length) {
            ready.splice(0, head);
            head = 0;
          }
        };
        if (remaining === 0) resolve();
        else pump();
      });
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

// Runs sharing a fetcher share per-host slots and pacing, so two runs never double a host's load.
const schedules = new WeakMap<SafeFetcher, { pacer: HostPacer; limiters: Map<number, HostLimiter> }>();

function scheduleFor(fetcher: SafeFetcher, hostConcurrency: number): { limiter: HostLimiter; pacer: HostPacer } {
  let shared = schedules.get(fetcher);
  if (!shared) schedules.set(fetcher, (shared = { pacer: new HostPacer(), limiters: new Map() }));
  let limiter = shared.limiters.get(hostConcurrency);
  if (!limiter) shared.limiters.set(hostConcurrency, (limiter = new HostLimiter(hostConcurrency)));
  return { limiter, pacer: shared.pacer };
}

/** The default fetcher allows 4 requests per host; a higher AUDIT_HOST_CONCURRENCY gets a fetcher that agrees. */
function auditFetcher(hostConcurrency: number): SafeFetcher {
  return hostConcurrency <= 4 ? getDefaultFetcher() : configuredFetcher({ maxPerHost: hostConcurrency });
}
