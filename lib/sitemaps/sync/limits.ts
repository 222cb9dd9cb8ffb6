import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS } from "@/lib/sitemaps/parse";

export type SyncLimits = {
  /** Sitemap files fetched per sync (roots and children); further children are not followed. */
  maxFiles: number;
  /** Levels of index nesting followed below a root (root = 0). */
  maxDepth: number;
  /** Entries per file (the sitemap protocol's 50,000). */
  maxUrlsPerFile: number;
  /** Bytes per file after decompression (the protocol's 50 MB), also the wire limit. */
  maxBytesPerFile: number;
  /** Deadline for one file: connect, redirects and the whole body. */
  fileTimeoutMs: number;
  /** Deadline for the whole walk; files not started by then are not fetched. */
  walkTimeoutMs: number;
};

export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  maxFiles: 1_000,
  maxDepth: 3,
  maxUrlsPerFile: SITEMAP_MAX_URLS,
  maxBytesPerFile: SITEMAP_MAX_BYTES,
  fileTimeoutMs: 60_000,
  walkTimeoutMs: 10 * 60_000,
};

/** DESIGN.md: a second sync within 15 minutes of the last sync start answers 429. */
export const SYNC_DEBOUNCE_MS = 15 * 60_000;

/**
 * A tracked URL seen again keeps its lastSeenInSitemapAt when that is less than this old and nothing
 * else about it changed, so a re-sync soon after another does not rewrite every row of a large
 * inventory only to move a timestamp by minutes. lastSeenInSitemapAt is therefore exact to this.
 */
export const LAST_SEEN_RESOLUTION_MS = 60 * 60_000;
