import type { Readable } from "node:stream";
import { SafeFetchFailure, type SafeFetchErrorKind, type SafeFetcher } from "@/lib/net/safe-fetch";
import { robotsDecisionForFetch } from "./decide";
import { ROBOTS_MAX_BYTES, type RobotsTxt } from "./parse";

export type LiveRobotsTxt = {
  robots: RobotsTxt;
  /** Status of the last answer (a 3xx when the redirect limit was hit); null when no answer came. */
  httpStatus: number | null;
  /** The URL that gave the final answer, after redirects; null when no answer came. */
  finalUrl: string | null;
  /** Why the file could not be read (also set when redirects ran out), else null. */
  fetchError: SafeFetchErrorKind | null;
};

// RFC 9309 §2.3.1.2: follow at least five consecutive redirects, then the file counts as unavailable.
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 10_000;
// Only the first 500 KiB are read, so a large declared size is no reason to refuse the file.
const UNREAD = 1024 * 1024 * 1024;

/**
 * GETs robots.txt through the safe fetcher, uncached, and maps the outcome with robotsDecisionForFetch:
 * 2xx → the first 500 KiB parsed; 4xx or too many redirects → allow all; 5xx, 429, no answer or a body
 * that fails while read → disallow all.
 */
export async function fetchRobotsTxt(fetcher: SafeFetcher, robotsUrl: string, timeoutMs = TIMEOUT_MS): Promise<LiveRobotsTxt> {
  const res = await fetcher.stream(robotsUrl, {
    maxRedirects: MAX_REDIRECTS, totalTimeoutMs: timeoutMs, maxBodyBytes: UNREAD, maxDecodedBytes: UNREAD,
    headers: { accept: "text/plain, */*;q=0.5" },
  });
  if (!res.ok) {
    const { kind, hops } = res.error;
    const last = hops.at(-1);
    if ((kind === "too_many_redirects" || kind === "redirect_loop") && last) {
      return { robots: robotsDecisionForFetch(last.status), httpStatus: last.status, finalUrl: last.url, fetchError: kind };
    }
    return { robots: robotsDecisionForFetch("unreachable"), httpStatus: null, finalUrl: null, fetchError: kind };
  }
  const answered = { httpStatus: res.status, finalUrl: res.finalUrl };
  if (res.status < 200 || res.status > 299) {
    res.body.destroy();
    return { ...answered, robots: robotsDecisionForFetch(res.status), fetchError: null };
  }
  try {
    const body = await readPrefix(res.body, ROBOTS_MAX_BYTES + 1);
    return { ...answered, robots: robotsDecisionForFetch(res.status, body, { baseUrl: res.finalUrl }), fetchError: null };
  } catch (error) {
    return { ...answered, robots: robotsDecisionForFetch("unreachable"), fetchError: SafeFetchFailure.from(error, res.finalUrl).kind };
  }
}

/** The first `max` bytes of a body (fewer when it ends first); the rest is never read. */
async function readPrefix(body: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= max) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, max);
}
