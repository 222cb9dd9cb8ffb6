import type { Readable } from "node:stream";
import { parseRobots, ROBOTS_MAX_BYTES } from "@/lib/robots";
import type { SafeFetcher } from "@/lib/net/safe-fetch";

export type RobotsFetch = {
  /** The HTTP status after redirects, or null when no answer came. */
  status: number | null;
  /** Absolute `Sitemap:` URLs (2xx only), resolved against the final robots.txt URL. */
  sitemaps: string[];
};

const TIMEOUT_MS = 15_000;
// Only a prefix is ever read, so a large declared size is no reason to refuse the file.
const UNREAD = 1024 * 1024 * 1024;

/** GET https://{domain}/robots.txt through the safe fetcher; reads at most the 500 KiB RFC 9309 asks parsers to handle. */
export async function fetchRobots(fetcher: SafeFetcher, domain: string): Promise<RobotsFetch> {
  const res = await fetcher.stream(`https://${domain}/robots.txt`, { totalTimeoutMs: TIMEOUT_MS, maxBodyBytes: UNREAD, maxDecodedBytes: UNREAD });
  if (!res.ok) return { status: null, sitemaps: [] };
  if (res.status < 200 || res.status >= 300) {
    res.body.destroy();
    return { status: res.status, sitemaps: [] };
  }
  const body = await readPrefix(res.body, ROBOTS_MAX_BYTES + 1).catch(() => null);
  if (!body) return { status: null, sitemaps: [] };
  return { status: res.status, sitemaps: parseRobots(body, { baseUrl: res.finalUrl }).sitemaps };
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

/** Answers whether a URL responds 2xx, closing the body after the head. */
export async function answers2xx(fetcher: SafeFetcher, url: string, timeoutMs = TIMEOUT_MS): Promise<boolean> {
  const res = await fetcher.stream(url, { totalTimeoutMs: timeoutMs, maxBodyBytes: UNREAD, maxDecodedBytes: UNREAD });
  if (!res.ok) return false;
  res.body.destroy();
  return res.status >= 200 && res.status < 300;
}
