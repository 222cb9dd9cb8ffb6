import { SafeFetchFailure, type SafeFetcher } from "@/lib/net/safe-fetch";
import { readPrefix } from "@/lib/robots/fetch-robots-file";
import { ROBOTS_WATCH_MAX_BYTES, ROBOTS_WATCH_MAX_REDIRECTS, ROBOTS_WATCH_TIMEOUT_MS } from "./config";

export type Validators = { etag: string | null; lastModified: string | null };

/** What one watched fetch of robots.txt answered. */
export type RobotsFetchOutcome =
  /** 304 to our conditional request: the content last seen is still served. */
  | { kind: "not_modified"; status: 304; validators: Validators }
  /** A file (2xx: the first 500 KiB of its bytes) or no file (4xx, or redirects that never ended: allow all, RFC 9309). */
  | { kind: "content"; status: number; body: Buffer; truncated: boolean; finalUrl: string; validators: Validators }
  /** 5xx or 429 (`5xx`), or no usable answer (`unreachable`: DNS, connection, TLS, timeout, a body cut short). */
  | { kind: "failure"; failure: "5xx" | "unreachable"; status: number | null; error: string };

/**
 * GETs the robots.txt through the safe fetcher with the validators of the last answer (If-None-Match,
 * If-Modified-Since), following up to 5 redirects to any host as Google does, reading at most 500 KiB + 1 byte
 * (to know whether the file was longer).
 */
export async function fetchWatchedRobots(fetcher: SafeFetcher, robotsUrl: string, validators: Validators, userAgent?: string): Promise<RobotsFetchOutcome> {
  const headers: Record<string, string> = { accept: "text/plain, */*;q=0.5" };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const res = await fetcher.stream(robotsUrl, {
    headers, userAgent, maxRedirects: ROBOTS_WATCH_MAX_REDIRECTS, totalTimeoutMs: ROBOTS_WATCH_TIMEOUT_MS,
    // Only the first 500 KiB are read, so a large declared size is no reason to refuse the file.
    maxBodyBytes: 1024 ** 3, maxDecodedBytes: 1024 ** 3,
  });
  if (!res.ok) {
    const last = res.error.hops.at(-1);
    if ((res.error.kind === "redirect_loop" || res.error.kind === "too_many_redirects") && last) {
      return { kind: "content", status: last.status, body: Buffer.alloc(0), truncated: false, finalUrl: last.url, validators: { etag: null, lastModified: null } };
    }
    return { kind: "failure", failure: "unreachable", status: null, error: res.error.message };
  }
  const got: Validators = { etag: res.headers.etag ?? null, lastModified: res.headers["last-modified"] ?? null };
  if (res.status === 304) {
    res.body.destroy();
    return { kind: "not_modified", status: 304, validators: { etag: got.etag ?? validators.etag, lastModified: got.lastModified ?? validators.lastModified } };
  }
  if (res.status === 429 || res.status >= 500) {
    res.body.destroy();
    return { kind: "failure", failure: "5xx", status: res.status, error: `robots.txt answered HTTP ${res.status}` };
  }
  if (res.status < 200 || res.status >= 300) {
    res.body.destroy();
    return { kind: "content", status: res.status, body: Buffer.alloc(0), truncated: false, finalUrl: res.finalUrl, validators: { etag: null, lastModified: null } };
  }
  try {
    const bytes = await readPrefix(res.body, ROBOTS_WATCH_MAX_BYTES + 1);
    const truncated = bytes.length > ROBOTS_WATCH_MAX_BYTES;
    return { kind: "content", status: res.status, body: truncated ? bytes.subarray(0, ROBOTS_WATCH_MAX_BYTES) : bytes, truncated, finalUrl: res.finalUrl, validators: got };
  } catch (error) {
    return { kind: "failure", failure: "unreachable", status: res.status, error: SafeFetchFailure.from(error, res.finalUrl).message };
  }
}
