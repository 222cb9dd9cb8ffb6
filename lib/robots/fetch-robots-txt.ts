import type { SafeFetchErrorKind, SafeFetcher } from "@/lib/net/safe-fetch";
import { fetchRobotsFile, robotsOfFile } from "./fetch-robots-file";
import type { RobotsTxt } from "./parse";

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

/**
 * GETs robots.txt through the safe fetcher, uncached, and maps the outcome with robotsDecisionForFetch:
 * 2xx → the first 500 KiB parsed; 4xx or too many redirects → allow all; 5xx, 429, no answer or a body
 * that fails while read → disallow all.
 */
export async function fetchRobotsTxt(fetcher: SafeFetcher, robotsUrl: string, timeoutMs = TIMEOUT_MS): Promise<LiveRobotsTxt> {
  const file = await fetchRobotsFile(fetcher, robotsUrl, { timeoutMs, maxRedirects: MAX_REDIRECTS });
  return { robots: robotsOfFile(file), httpStatus: file.httpStatus, finalUrl: file.finalUrl, fetchError: file.failure?.kind ?? null };
}
