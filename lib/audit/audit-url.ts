import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { suppliedUrlRefusal } from "@/lib/net/url-policy";
import { crawlDelayFor } from "@/lib/robots";
import { trackAudit } from "./activity";
import { judgeAnswer } from "./judge-answer";
import { judgeFailure } from "./judge-failure";
import { emptyOutcome, finalize } from "./outcome";
import { readPage } from "./read-page";
import { getDefaultRobotsCache, type RobotsCache } from "./robots-cache";
import { robotsVerdict } from "./robots-verdict";
import type { AuditOutcome } from "./types";
import { crawlerUserAgent } from "./user-agent";
import { mayBeChallenge } from "./waf";

export interface AuditOptions {
  fetcher?: SafeFetcher;
  robots?: RobotsCache;
  now?: () => Date;
  /** Sent on every request and matched against robots.txt groups (its product token). */
  userAgent?: string;
  /** Deadline of the page fetch: redirects, the per-host slot and reading the head. */
  timeoutMs?: number;
  /**
   * Awaited just before the page request, once robots.txt allows it: the runner spaces request
   * starts per host by the Crawl-delay here (`robotsStartedAt` is when robots.txt was requested).
   */
  beforeFetch?: (host: string, crawlDelayMs: number, robotsStartedAt: number) => Promise<void>;
  /** Read the whole body (its first MiB) for the field history's fields (default true). */
  fields?: boolean;
  /** With the fields, collect the page's internal links for the link graph (default true). */
  links?: boolean;
}

// Only the head is read, so a large declared size is no reason to refuse the page.
const UNREAD = 1024 * 1024 * 1024;
const ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

/** Audits one URL: robots.txt first, then one GET whose head is parsed as it streams. Never rejects. */
export function auditUrl(url: string, options: AuditOptions = {}): Promise<AuditOutcome> {
  // Counted as the engine's activity: renders beside it admit fewer at once (lib/rendering/admission.ts).
  return trackAudit(() => auditOne(url, options));
}

async function auditOne(url: string, options: AuditOptions): Promise<AuditOutcome> {
  const startedAt = performance.now();
  const checkedAt = (options.now ?? (() => new Date()))();
  try {
    return finalize(await audit(url, options, checkedAt), startedAt);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return finalize({ ...emptyOutcome(url, checkedAt), healthError: `internal: ${message}` }, startedAt);
  }
}

async function audit(url: string, options: AuditOptions, checkedAt: Date): Promise<AuditOutcome> {
  const target = fetchable(url);
  if (typeof target === "string") {
    return { ...emptyOutcome(url, checkedAt), healthState: "unknown", httpStatus: null, redirectHops: null, redirectTarget: null, healthError: `invalid_url: ${target}` };
  }
  const userAgent = options.userAgent ?? crawlerUserAgent();
  const entry = await (options.robots ?? getDefaultRobotsCache()).get(target);
  const verdict = robotsVerdict(entry, target.href, userAgent);
  const base = { ...emptyOutcome(url, checkedAt), robots: verdict.robots };
  if (verdict.stop) return { ...base, ...verdict.stop };

  await options.beforeFetch?.(target.hostname, crawlDelayFor(entry.robots, userAgent) * 1000, entry.startedAt);
  const fetcher = options.fetcher ?? getDefaultFetcher();
  const res = await fetcher.stream(target.href, {
    userAgent,
    headers: { accept: ACCEPT },
    totalTimeoutMs: options.timeoutMs ?? 20_000,
    maxBodyBytes: UNREAD,
    maxDecodedBytes: UNREAD,
  });
  if (!res.ok) return { ...base, fetched: true, ...judgeFailure(res.error) };
  const ok = res.status >= 200 && res.status < 300;
  const page = await readPage(res.body, {
    contentType: res.headers["content-type"],
    parseHead: ok,
    sniff: mayBeChallenge(res.status, res.headers),
    documentUrl: res.finalUrl,
    fields: options.fields ?? true,
    links: options.links ?? true,
  });
  const judged = judgeAnswer(res, page, checkedAt);
  // The fields count only for a 2xx HTML page read whole and not a challenge; otherwise the stored ones are kept.
  const fields = ok && page.html && page.fields && !judged.wafVendor && !page.failure ? page.fields : undefined;
  return { ...base, fetched: true, ...judged, fields };
}

/** The URL to request, or why it is never requested (the fetcher's policy: ports 80 and 443, no userinfo). */
function fetchable(url: string): URL | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "not an absolute URL";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return `unsupported scheme ${parsed.protocol}`;
  const refused = suppliedUrlRefusal(url);
  if (refused) return refused;
  parsed.hash = "";
  return parsed;
}
