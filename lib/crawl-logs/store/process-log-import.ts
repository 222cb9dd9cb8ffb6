import { systemCtx } from "@/lib/core/context";
import { rm } from "node:fs/promises";
import { db, Prisma, sqlTransaction, withTransaction } from "@/lib/db";
import { HitAggregator } from "../aggregate/aggregate-hits";
import { commitCrawlAggregates, foldUntrackedUrls, refreshTrackedCrawlFields, UntrackedBook } from "../aggregate/commit-crawl-aggregates";
import { crawlLogConfig, REJECT_SAMPLES } from "../config";
import { HeapGuard } from "./heap-guard";
import { identifyCrawler } from "../identify/crawlers";
import { detectCrawlerBlocked } from "../aggregate/detect-crawler-blocked";
import { createLineParser, detectLogFormat } from "../read/parse-log";
import { LogFileError, readLogLines, sampleLines } from "../read/read-log-lines";
import { TrackedUrlResolver } from "../aggregate/resolve-tracked-urls";
import type { LogFormat, LogHit } from "../types";
import { createCrawlerVerifier, type CrawlerVerifier } from "../verify/verify-crawler";

export type SliceOutcome = { status: "completed" | "failed" | "running" | "gone"; linesRead: number };
export type SliceOptions = { now?: () => Date; verifier?: CrawlerVerifier; stepSeconds?: number; chunkLines?: number; stopAfterChunks?: number };

const MAX_PENDING = 2_000;
const TOO_LONG = { ok: false as const, reason: "line_too_long" };
const NUL_BYTE = { ok: false as const, reason: "nul_byte" };

type Chunk = {
  agg: HitAggregator; fromLines: number; toLines: number; toByte: number; parsed: number; rejected: number; crawlerHits: number;
  samples: { line: number; reason: string }[];
};

type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;
/** The project an import belongs to, as its slices need it. */
type ImportProject = { organizationId: string; projectId: string; domain: string };

const findImport = (importId: string) =>
  db.logImport.findUnique({ where: { id: importId }, include: { project: { select: { domain: true, deletedAt: true } } } });

/**
 * Processes an uploaded log from its checkpoint for at most `stepSeconds`, committing each chunk's
 * aggregates with the checkpoint in one transaction (a commit whose checkpoint moved meanwhile rolls
 * back: another run has it). Returns `running` when time ran out (the job calls it again), or the final
 * status. A damaged file (truncated or corrupt gzip, zip bomb) keeps what was read before the damage and fails.
 */
export async function processLogImportSlice(importId: string, opts: SliceOptions = {}): Promise<SliceOutcome> {
  const cfg = crawlLogConfig();
  const now = opts.now ?? (() => new Date());
  const imp = await findImport(importId);
  if (!imp || imp.project.deletedAt) return { status: "gone", linesRead: 0 };
  if (imp.status === "completed" || imp.status === "failed") return { status: imp.status, linesRead: imp.linesRead };
  if (!imp.spoolPath) return finish(importId, "failed", "The uploaded file is no longer on the server; upload it again", null);
  const spoolPath = imp.spoolPath;
  await db.logImport.update({ where: { id: importId }, data: { status: "running", startedAt: imp.startedAt ?? now(), updatedAt: now() } });
  const format = await importFormat(imp, spoolPath, cfg.maxGzipRatio);
  if (typeof format !== "string") return format;

  // One result object for every line (each hit is used before the next line is parsed; a hit that waits for DNS is copied).
  const parse = createLineParser(format, { reuse: true });
  const verifier = opts.verifier ?? createCrawlerVerifier({ lookupsPerSecond: cfg.dnsLookupsPerSecond });
  const p: ImportProject = { organizationId: imp.organizationId, projectId: imp.projectId, domain: imp.project.domain };
  const resolver = new TrackedUrlResolver(imp.projectId, imp.project.domain);
  // The project's tracked URLs (when there are not too many) and listed untracked URLs, read once per run.
  await resolver.preload();
  const book = await UntrackedBook.load(p);
  const chunkLines = opts.chunkLines ?? cfg.chunkLines;
  const deadline = Date.now() + (opts.stepSeconds ?? cfg.stepSeconds) * 1000;
  let sampleRoom = Math.max(0, REJECT_SAMPLES - (Array.isArray(imp.rejectSamples) ? imp.rejectSamples.length : 0));
  const fresh = (from: number, byte: number): Chunk =>
    ({ agg: new HitAggregator(imp.project.domain), fromLines: from, toLines: from, toByte: byte, parsed: 0, rejected: 0, crawlerHits: 0, samples: [] });
  let chunk = fresh(imp.linesRead, Number(imp.byteOffset));
  const startedAt = performance.now();
  const heap = new HeapGuard(cfg.heapHeadroomMb * 1024 * 1024);
  const commits = new ChunkCommits((c, from) => commitChunk(importId, p, c, from, resolver, book, now()), imp.linesRead, heap);
  const dns = new PendingVerifications();
  const stopHere = () => Date.now() > deadline || (opts.stopAfterChunks !== undefined && commits.committed >= opts.stopAfterChunks);

  try {
    for await (const batch of readLogLines({ file: spoolPath, gzip: imp.gzip, startByte: Number(imp.byteOffset), skipLines: imp.linesRead, maxGzipRatio: cfg.maxGzipRatio })) {
      const { lines, endOffsets } = batch;
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        const lineNo = ++chunk.toLines;
        // Plain files resume at this byte; gzip files resume by line count and keep the compressed position for progress only.
        chunk.toByte = imp.gzip ? batch.sourceBytes : endOffsets[i];
        const r = line === null ? TOO_LONG : line.indexOf("\u0000") >= 0 ? NUL_BYTE : parse(line);
        if (r) {
          if (!r.ok) {
            chunk.rejected++;
            if (sampleRoom > 0) { sampleRoom--; chunk.samples.push({ line: lineNo, reason: r.reason }); }
          } else {
            chunk.parsed++;
            countHit(chunk, r.hit, verifier, dns);
            if (dns.count >= MAX_PENDING) await dns.settle();
          }
        }
        if (chunk.toLines - chunk.fromLines >= chunkLines) {
          await dns.settle();
          const done = chunk;
          chunk = fresh(done.toLines, done.toByte);
          if (!(await commits.flush(done)) || stopHere()) {
            await commits.drain();
            await refreshFields(p, now());
            return { status: "running", linesRead: commits.expected };
          }
        }
      }
    }
  } catch (e) {
    if (!(e instanceof LogFileError)) throw e;
    await dns.settle();
    if (await commits.flush(chunk)) await commits.drain();
    await refreshFields(p, now());
    return finish(importId, "failed", e.message, spoolPath);
  }
  await dns.settle();
  if (!(await commits.flush(chunk)) || !(await commits.drain())) return { status: "running", linesRead: commits.expected };
  // The import is complete once its last chunk's aggregates are stored. The untracked URL list and the tracked URLs'
  // crawl fields, derived from them, follow in the same step (crawl-logs-maintain does both daily, should this process stop first).
  const done = await finish(importId, "completed", null, spoolPath);
  const runMs = performance.now() - startedAt;
  await afterCompletion(importId, p, now);
  const { lookups, cacheHits } = verifier.stats();
  const sec = (ms: number) => (ms / 1000).toFixed(1);
  console.info(`[crawl-logs] import ${importId} completed at line ${commits.expected}; verification: ${lookups} DNS lookups, ${cacheHits} cache hits; `
    + `last run ${sec(runMs)} s, of which waiting for the database ${sec(commits.waitedMs)} s, for DNS ${sec(dns.waitedMs)} s; ${heap.collections} heap collections; `
    + `untracked list and tracked URL fields ${sec(performance.now() - startedAt - runMs)} s after`);
  return done;
}

/** The import's log format: the one chosen at upload, else detected from the file's first lines (and stored); a failed import's outcome when there is none. */
async function importFormat(imp: ImportRow, spoolPath: string, maxGzipRatio: number): Promise<LogFormat | SliceOutcome> {
  if (imp.format) return imp.format as LogFormat;
  let format: LogFormat | null;
  try {
    format = detectLogFormat(await sampleLines(spoolPath, imp.gzip, maxGzipRatio));
  } catch (e) {
    if (e instanceof LogFileError) return finish(imp.id, "failed", e.message, spoolPath);
    throw e;
  }
  if (!format) return finish(imp.id, "failed", "The log format was not recognised: choose it when uploading (NCSA common or combined, W3C extended, Cloudflare or generic JSON lines)", spoolPath);
  await db.logImport.update({ where: { id: imp.id }, data: { format } });
  return format;
}

/**
 * A parsed line's hit into the chunk when a crawler claims it. Cached verifications (nearly all) apply at once; a lookup
 * runs beside the file (a reverse DNS lookup must not stall it) on a copy of the hit, and is awaited before the chunk commits.
 */
function countHit(chunk: Chunk, hit: LogHit, verifier: CrawlerVerifier, dns: PendingVerifications): void {
  const match = identifyCrawler(hit.userAgent);
  if (!match) return;
  chunk.crawlerHits++;
  const agg = chunk.agg;
  const key = agg.target(hit);
  if (key === "other_host") agg.counters.otherHostHits++;
  else if (key !== null) {
    const known = verifier.peek(match, hit.ip);
    if (known !== undefined) agg.add(hit, match, known, key);
    else {
      const kept = { ...hit, time: new Date(hit.time.getTime()) };
      dns.add(verifier.classify(match, kept.ip).then((v) => agg.add(kept, match, v, key)));
    }
  }
}

/** The verifications a chunk waits for (its hits are added as each answers), and the time spent waiting for them. */
class PendingVerifications {
  private pending: Promise<void>[] = [];
  waitedMs = 0;

  get count(): number {
    return this.pending.length;
  }

  add(verification: Promise<void>): void {
    this.pending.push(verification);
  }

  async settle(): Promise<void> {
    if (!this.pending.length) return;
    const all = this.pending;
    this.pending = [];
    const t0 = performance.now();
    await Promise.all(all);
    this.waitedMs += performance.now() - t0;
  }
}

/**
 * A run's chunk commits, one in flight while the next chunk is parsed (the database works while this process reads);
 * `expected` is the checkpoint the last queued commit moves to, `waitedMs` the time spent waiting for the database.
 */
class ChunkCommits {
  private inFlight: Promise<boolean> | null = null;
  committed = 0;
  waitedMs = 0;

  constructor(private readonly commit: (c: Chunk, from: number) => Promise<boolean>, public expected: number, private readonly heap: HeapGuard) {}

  /** Waits for the commit in flight: false when its checkpoint had moved (another run has the import). */
  async drain(): Promise<boolean> {
    if (!this.inFlight) return true;
    const t0 = performance.now();
    const ok = await this.inFlight;
    this.waitedMs += performance.now() - t0;
    this.heap.check();
    this.inFlight = null;
    this.committed++;
    return ok;
  }

  /** Queues the chunk's commit once the one before it has committed: false when that one found its checkpoint moved. */
  async flush(c: Chunk): Promise<boolean> {
    if (!(await this.drain())) return false;
    const from = this.expected;
    this.expected = c.toLines;
    this.inFlight = this.commit(c, from);
    this.inFlight.catch(() => {}); // awaited by the next drain; this only keeps the rejection from counting as unhandled meanwhile
    return true;
  }
}

/** The untracked URL list and the tracked URLs' crawl fields brought up to date, and blocked Googlebot detected; a failure is left to the daily sweep. */
async function afterCompletion(importId: string, p: ImportProject, now: () => Date): Promise<void> {
  try {
    await refreshFields(p, now());
    await detectCrawlerBlocked(systemCtx("process-log-import", p.organizationId), p.projectId, now());
  } catch (e) {
    console.warn(`[crawl-logs] import ${importId}: the untracked URLs and tracked URL fields were not brought up to date (the daily sweep will):`, (e as Error).message);
  }
}

/** Commits one chunk: false when the checkpoint moved meanwhile (another run committed it; nothing is written). */
async function commitChunk(importId: string, p: ImportProject, c: Chunk, from: number, resolver: TrackedUrlResolver, book: UntrackedBook, now: Date): Promise<boolean> {
  const idOf = await resolver.resolve(c.agg.urlPaths());
  let sent: string[] = [];
  // Straight on one connection (Prisma would copy the chunk's large parameters several times over on the heap).
  const ok = await sqlTransaction(async (run) => {
    const moved = await run.execute(Prisma.sql`
      UPDATE log_imports SET lines_read = ${c.toLines}, byte_offset = ${c.toByte}, chunks_done = chunks_done + 1,
        lines_parsed = lines_parsed + ${c.parsed}, rejected = rejected + ${c.rejected}, crawler_hits = crawler_hits + ${c.crawlerHits},
        verified_hits = verified_hits + ${c.agg.counters.verifiedHits}, unverified_hits = unverified_hits + ${c.agg.counters.unverifiedHits},
        other_host_hits = other_host_hits + ${c.agg.counters.otherHostHits},
        reject_samples = reject_samples || ${JSON.stringify(c.samples)}::jsonb, updated_at = ${now}
      WHERE id = ${importId}::uuid AND lines_read = ${from} AND status = 'running'`);
    if (moved !== 1) return false;
    sent = (await commitCrawlAggregates(run, p, c.agg, idOf, book)).untracked;
    return true;
  }, { timeoutMs: 120_000 });
  if (ok) book.committed(sent);
  return ok;
}

/**
 * What follows the stored aggregates once per step: the untracked URLs' appended hits folded into their list, and the
 * tracked URLs' crawl fields recomputed (per chunk, most URLs would be rewritten many times).
 */
async function refreshFields(p: ImportProject, now: Date): Promise<void> {
  await sqlTransaction((run) => foldUntrackedUrls(run, p), { timeoutMs: 600_000 });
  await withTransaction(systemCtx("process-log-import", p.organizationId), (ctx) => refreshTrackedCrawlFields(ctx, p, now), { timeout: 600_000, maxWait: 30_000 });
}

async function finish(importId: string, status: "completed" | "failed", error: string | null, spoolPath: string | null): Promise<SliceOutcome> {
  const row = await db.logImport.update({ where: { id: importId }, data: { status, error, completedAt: new Date(), spoolPath: null, updatedAt: new Date() } });
  if (spoolPath) await rm(spoolPath, { force: true });
  return { status, linesRead: row.linesRead };
}

/** The job gave up: the import fails with a message for users and its spool file goes. */
export async function failLogImport(importId: string, message: string): Promise<void> {
  const imp = await db.logImport.findUnique({ where: { id: importId }, select: { status: true, spoolPath: true } });
  if (!imp || imp.status === "completed" || imp.status === "failed") return;
  await finish(importId, "failed", message, imp.spoolPath);
}
