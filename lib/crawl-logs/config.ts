import os from "node:os";
import path from "node:path";

// Limits of log ingestion; each can be set by environment (docs/operations/configuration.md).
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/** Where uploaded logs wait for their job: LOG_SPOOL_DIR, else .data/log-spool (next to the embedded database) or the OS temp dir. */
export function spoolDir(): string {
  if (process.env.LOG_SPOOL_DIR) return path.resolve(process.env.LOG_SPOOL_DIR);
  return process.env.NODE_ENV === "test" ? path.join(os.tmpdir(), "indexwatch-log-spool") : path.resolve(".data/log-spool");
}

export const crawlLogConfig = () => ({
  /** Upload size cap, compressed or not (default 20 GiB). */
  maxUploadBytes: num("LOG_UPLOAD_MAX_BYTES", 20 * 1024 ** 3),
  /** A gzip member may expand this many times its compressed size (beyond the first 64 MiB): more is a zip bomb. */
  maxGzipRatio: num("LOG_GZIP_MAX_RATIO", 200),
  /** Lines per committed chunk. */
  chunkLines: num("LOG_CHUNK_LINES", 50_000),
  /** A job step stops after this many seconds and the next step resumes from the checkpoint (Inngest requests stay short). */
  stepSeconds: num("LOG_STEP_SECONDS", 240),
  /** Push: compressed body cap and decompressed body cap. */
  pushMaxBytes: num("LOG_PUSH_MAX_BYTES", 10 * 1024 ** 2),
  pushMaxExpandedBytes: num("LOG_PUSH_MAX_EXPANDED_BYTES", 64 * 1024 ** 2),
  /** Reverse DNS lookups started per second by one import's verifier (against DNS_SERVERS). */
  dnsLookupsPerSecond: num("LOG_DNS_LOOKUPS_PER_SECOND", 50),
  /** Pushes per minute per token. */
  pushPerMinute: num("LOG_PUSH_PER_MINUTE", 120),
  /** Pushes one organization may have in progress at once, per process (429 beyond). */
  pushConcurrentPerOrg: num("LOG_PUSH_CONCURRENT_PER_ORG", 2),
  /** Decompressed MiB one organization may push per minute (429 beyond, until the minute frees). */
  pushMibPerMinutePerOrg: num("LOG_PUSH_MIB_PER_MINUTE_PER_ORG", 512),
  /** Distinct addresses of one push whose crawler claim is checked by reverse DNS (after the push is answered); beyond, unverified. */
  pushDnsLookups: num("LOG_PUSH_DNS_LOOKUPS", 100),
  /** Spooled bytes one organization may hold (uploads in progress and queued or running imports): 413 beyond. */
  spoolQuotaBytesPerOrg: num("LOG_SPOOL_QUOTA_BYTES_PER_ORG", 40 * 1024 ** 3),
  /** Uploads one organization may stream at once, per process (429 beyond). */
  uploadsConcurrentPerOrg: num("LOG_UPLOADS_CONCURRENT_PER_ORG", 2),
  /** Heap growth past a run's start after which it collects between chunks (lib/crawl-logs/store/heap-guard.ts), MiB. */
  heapHeadroomMb: num("LOG_HEAP_HEADROOM_MB", 32),
  /** Untracked crawled URLs kept per project (new ones beyond it only count in the day totals). */
  untrackedCap: num("LOG_UNTRACKED_CAP", 50_000),
});

/** Bytes of one line beyond which it is rejected (line_too_long) without being buffered. */
export const MAX_LINE_BYTES = 1024 * 1024;
/** Ahead of expansion-ratio checks: the first 64 MiB a gzip file expands to are always allowed. */
export const GZIP_RATIO_GRACE_BYTES = 64 * 1024 ** 2;
/** Distinct untracked URLs a pushed batch sends (an import sends what its project can still keep: see UntrackedBook). */
export const UNTRACKED_PER_CHUNK = 20_000;
/** Daily aggregates are kept 16 months. */
export const RETENTION_DAYS = 480;
/** Reject reasons kept per import (with their line numbers). */
export const REJECT_SAMPLES = 20;
/** Idempotency keys of pushed batches are remembered this long. */
export const BATCH_KEY_DAYS = 7;
