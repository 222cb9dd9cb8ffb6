import type { Readable } from "node:stream";
import { SafeFetchFailure, type SafeFetchError, type SafeFetcher } from "@/lib/net/safe-fetch";
import { robotsDecisionForFetch } from "./decide";
import { ROBOTS_MAX_BYTES, type RobotsTxt } from "./parse";

export interface RobotsFile {
  /** Status of the final answer (the last redirect's when redirects never ended); null when no answer came. */
  httpStatus: number | null;
  /** The URL that gave the final answer (the last redirect's when they never ended), or null. */
  finalUrl: string | null;
  /** The first 500 KiB of a 2xx answer; null otherwise. */
  body: Buffer | null;
  /** Why no usable answer came (set too when redirects ran out or a 2xx body failed while read). */
  failure: SafeFetchError | null;
}

// Only the first 500 KiB are read, so a large declared size is no reason to refuse the file.
const UNREAD = 1024 * 1024 * 1024;

/** GETs a robots.txt through the safe fetcher, reading at most the 500 KiB RFC 9309 asks parsers to handle. */
export async function fetchRobotsFile(
  fetcher: SafeFetcher, robotsUrl: string, opts: { timeoutMs: number; userAgent?: string; maxRedirects?: number },
): Promise<RobotsFile> {
  const res = await fetcher.stream(robotsUrl, {
    userAgent: opts.userAgent, maxRedirects: opts.maxRedirects, totalTimeoutMs: opts.timeoutMs,
    maxBodyBytes: UNREAD, maxDecodedBytes: UNREAD, headers: { accept: "text/plain, */*;q=0.5" },
  });
  if (!res.ok) {
    const last = res.error.hops.at(-1);
    const endless = res.error.kind === "redirect_loop" || res.error.kind === "too_many_redirects";
    return endless && last
      ? { httpStatus: last.status, finalUrl: last.url, body: null, failure: res.error }
      : { httpStatus: null, finalUrl: null, body: null, failure: res.error };
  }
  if (res.status < 200 || res.status >= 300) {
    res.body.destroy();
    return { httpStatus: res.status, finalUrl: res.finalUrl, body: null, failure: null };
  }
  try {
    return { httpStatus: res.status, finalUrl: res.finalUrl, body: await readPrefix(res.body, ROBOTS_MAX_BYTES + 1), failure: null };
  } catch (error) {
    return { httpStatus: res.status, finalUrl: res.finalUrl, body: null, failure: SafeFetchFailure.from(error, res.finalUrl).toError(res.hops) };
  }
}

/**
 * The status RFC 9309 decides by: "unreachable" when no answer came or a 2xx body could not be read
 * (disallow all); otherwise the status (a 3xx when redirects never ended: unavailable, allow all).
 */
export function decidingStatus(file: RobotsFile): number | "unreachable" {
  if (file.httpStatus === null) return "unreachable";
  return file.httpStatus >= 200 && file.httpStatus < 300 && file.body === null ? "unreachable" : file.httpStatus;
}

/** The rules a fetched robots.txt imposes (robotsDecisionForFetch over decidingStatus). */
export function robotsOfFile(file: RobotsFile): RobotsTxt {
  return robotsDecisionForFetch(decidingStatus(file), file.body ?? undefined, file.finalUrl ? { baseUrl: file.finalUrl } : undefined);
}

/** The first `max` bytes of a body (fewer when it ends first); the rest is never read. */
export async function readPrefix(body: Readable, max: number): Promise<Buffer> {
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
