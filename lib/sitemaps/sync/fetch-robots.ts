import { fetchRobotsFile, parseRobots } from "@/lib/robots";
import type { SafeFetchErrorKind, SafeFetcher } from "@/lib/net/safe-fetch";

export type RobotsFetch = {
  /** The HTTP status after redirects, or null when no answer came. */
  status: number | null;
  /** Absolute `Sitemap:` URLs (2xx only), resolved against the final robots.txt URL. */
  sitemaps: string[];
  /** Why no answer came (status null), else null. */
  failure: SafeFetchErrorKind | null;
};

const TIMEOUT_MS = 15_000;
// Only a prefix is ever read, so a large declared size is no reason to refuse the file.
const UNREAD = 1024 * 1024 * 1024;

/** GET https://{domain}/robots.txt through the safe fetcher; reads at most the 500 KiB RFC 9309 asks parsers to handle. */
export async function fetchRobots(fetcher: SafeFetcher, domain: string): Promise<RobotsFetch> {
  const file = await fetchRobotsFile(fetcher, `https://${domain}/robots.txt`, { timeoutMs: TIMEOUT_MS });
  if (file.failure) return { status: null, sitemaps: [], failure: file.failure.kind };
  return { status: file.httpStatus, sitemaps: file.body ? parseRobots(file.body, { baseUrl: file.finalUrl ?? undefined }).sitemaps : [], failure: null };
}

/** The status a URL answers (closing the body after the head), or why no answer came. */
export async function probeStatus(fetcher: SafeFetcher, url: string, timeoutMs = TIMEOUT_MS): Promise<{ status: number | null; failure: SafeFetchErrorKind | null }> {
  const res = await fetcher.stream(url, { totalTimeoutMs: timeoutMs, maxBodyBytes: UNREAD, maxDecodedBytes: UNREAD });
  if (!res.ok) return { status: null, failure: res.error.kind };
  res.body.destroy();
  return { status: res.status, failure: null };
}

export const is2xx = (status: number | null) => status !== null && status >= 200 && status < 300;
