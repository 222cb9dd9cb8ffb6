import { systemCtx } from "@/lib/core/context";
import { rm } from "node:fs/promises";
import { db, Prisma, sqlTransaction, withTransaction } from "@/lib/db";
import { HitAggregator } from "./aggregate-hits";
import { commitCrawlAggregates, foldUntrackedUrls, refreshTrackedCrawlFields, UntrackedBook } from "./commit-crawl-aggregates";
import { crawlLogConfig, REJECT_SAMPLES } from "./config";
import { HeapGuard } from "./heap-guard";
import { identifyCrawler } from "./crawlers";
import { detectCrawlerBlocked } from "./detect-crawler-blocked";
import { createLineParser, detectLogFormat } from "./parse-log";
import { LogFileError, readLogLines, sampleLines } from "./read-log-lines";
import { TrackedUrlResolver } from "./resolve-tracked-urls";
import type { LogFormat } from "./types";
import { createCrawlerVerifier, type CrawlerVerifier } from "./verify-crawler";

export type SliceOutcome = { status: "completed" | "failed" | "running" | "gone"; linesRead: number };
export type SliceOptions = { now?: () => Date; verifier?: CrawlerVerifier; stepSeconds?: number; chunkLines?: number; stopAfterChunks?: number };

const MAX_PENDING = 2_000;
const TOO_LONG = { ok: false as const, reason: "line_too_long" };
const NUL_BYTE = { ok: false as const, reason: "nul_byte" };

type Chunk = {
  agg: HitAggregator; fromLines: number; toLines: number; toByte: number; parsed: number; rejected: number; crawlerHits: number;
  samples: { line: number; reason: string }[];
};

/**
 * Processes an uploaded log from its checkpoint for at most `stepSeconds`, committing each chunk's
 * aggregates with the checkpoint in one transaction (a commit whose checkpoint moved meanwhile rolls
 * back: another run has it). Returns `running` when time ran out (the job calls it again), or the final
 * status. A damaged file (truncated or corrupt gzip, zip bomb) keeps what was read before the damage and fails.
 */
export async function processLogImportSlice(importId: string, opts: SliceOptions = {}): Promise<SliceOutcome> {
  const cfg = crawlLogConfig();
  const now = opts.now ?? (() => new Date());
  const imp = await db.logImport.findUnique({ where: { id: importId }, include: { project: { select: { domain: true, deletedAt: true } } } });
  if (!imp || imp.project.deletedAt) return { status: "gone", linesRead: 0 };
  if (imp.status === "completed" || imp.status === "failed") return { status: imp.status, linesRead: imp.linesRead };
  if (!imp.spoolPath) return finish(importId, "failed", "The uploaded file is no longer on the server; upload it again", null);
  await db.logImport.update({ where: { id: importId }, data: { status: "running", startedAt: imp.startedAt ?? now(), updatedAt: now() } });

  let format = imp.format as LogFormat | null;
  if (!format) {
    try {
      format = detectLogFormat(await sampleLines(imp.spoolPath, imp.gzip, cfg.maxGzipRatio));
    } catch (e) {
      if (e instanceof LogFileError) return finish(importId, "failed", e.message, imp.spoolPath);
      throw e;
    }
    if (!format) return finish(importId, "failed", "The log format was not recognised: choose it when uploading (NCSA common or combined, W3C extended, Cloudflare or generic JSON lines)", imp.spoolPath);
    await db.logImport.update({ where: { id: importId }, data: { format } });
  }

  // One result object for every line (each hit is used before the next line is parsed; a hit that waits for DNS is copied).
  const parse = createLineParser(format, { reuse: true });
  const verifier = opts.verifier ?? createCrawlerVerifier({ lookupsPerSecond: cfg.dnsLookupsPerSecond });
  const p = { organizationId: imp.organizationId, projectId: imp.projectId, domain: imp.project.domain };
  const resolver = new TrackedUrlResolver(imp.projectId, imp.project.domain);
  // The project's tracked URLs (when there are not too many) and listed untracked URLs, read once per run.
  await resolver.preload();
  const book = await UntrackedBook.load(p);
  const chunkLines = opts.chunkLines ?? cfg.chunkLines;
  const deadline = Date.now() + (opts.stepSeconds ?? cfg.stepSeconds) * 1000;
  let expected = imp.linesRead;
  let sampleRoom = Math.max(0, REJECT_SAMPLES - (Array.isArray(imp.rejectSamples) ? imp.rejectSamples.length : 0));
  let inFlight: Promise<boolean> | null = null;
  let committed = 0;
  const fresh = (from: number, byte: number): Chunk =>
    ({ agg: new HitAggregator(imp.project.domain), fromLines: from, toLines: from, toByte: byte, parsed: 0, rejected: 0, crawlerHits: 0, samples: [] });
  let chunk = fresh(imp.linesRead, Number(imp.byteOffset));

  // Where a run's time goes (its completion log line): waiting for the database to take a chunk, and for DNS lookups.
  const waits = { dbMs: 0, dnsMs: 0, startedAt: performance.now() };
  const heap = new HeapGuard(cfg.heapHeadroomMb * 1024 * 1024);
  // One commit in flight while the next chunk is parsed: the database works while this process reads.
  const drain = async (): Promise<boolean> => {
    if (!inFlight) return true;
    const t0 = performance.now();
    const ok = await inFlight;
    waits.dbMs += performance.now() - t0;
    heap.check();
    inFlight = null;
    committed++;
    return ok;
  };
  const flush = async (c: Chunk): Promise<boolean> => {
    if (!(await drain())) return false;
    const from = expected;
    expected = c.toLines;
    inFlight = commitChunk(importId, p, c, from, resolver, book, now());
    inFlight.catch(() => {}); // awaited by the next drain; this only keeps the rejection from counting as unhandled meanwhile
    return true;
  };
  let pending: Promise<void>[] = [];
  const settle = async () => {
    if (!pending.length) return;
    const all = pending;
    pending = [];
    const t0 = performance.now();
    await Promise.all(all);
    waits.dnsMs += performance.now() - t0;
  };
  const stopHere = () => Date.now() > deadline || (opts.stopAfterChunks !== undefined && committed >= opts.stopAfterChunks);

  try {
    for await (const batch of readLogLines({ file: imp.spoolPath, gzip: imp.gzip, startByte: Number(imp.byteOffset), skipLines: imp.linesRead, maxGzipRatio: cfg.maxGzipRatio })) {
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
            const hit = r.hit;
            const match = identifyCrawler(hit.userAgent);
            if (match) {
              chunk.crawlerHits++;
              const agg = chunk.agg;
              const key = agg.target(hit);
              if (key === "other_host") agg.counters.otherHostHits++;
              else if (key !== null) {
                // Cached verifications (nearly all) apply at once; a lookup runs beside the file (a reverse DNS lookup
                // must not stall it) and is awaited before the chunk commits.
                const known = verifier.peek(match, hit.ip);
                if (known !== undefined) agg.add(hit, match, known, key);
                else {
                  const kept = { ...hit, time: new Date(hit.time.getTime()) };
                  pending.push(verifier.classify(match, kept.ip).then((v) => agg.add(kept, match, v, key)));
                  if (pending.length >= MAX_PENDING) await settle();
                }
              }
            }
          }
        }
        if (chunk.toLines - chunk.fromLines >= chunkLines) {
          await settle();
          const done = chunk;
          chunk = fresh(done.toLines, done.toByte);
          if (!(await flush(done)) || stopHere()) {
            await drain();
            await refreshFields(p, now());
            return { status: "running", linesRead: expected };
          }
        }
      }
    }
  } catch (e) {
    if (!(e instanceof LogFileError)) throw e;
    await settle();
    if (await flush(chunk)) await drain();
    await refreshFields(p, now());
    return finish(importId, "failed", e.message, imp.spoolPath);
  }
  await settle();
  if (!(await flush(chunk)) || !(await drain())) return { status: "running", linesRead: expected };
  // The import is complete once its last chunk's aggregates are stored. The untracked URL list and the tracked URLs'
  // crawl fields, derived from them, follow in the same step (crawl-logs-maintain does both daily, should this process stop first).
  const done = await finish(importId, "completed", null, imp.spoolPath);
  const runMs = performance.now() - waits.startedAt;
  try {
    await refreshFields(p, now());
    await detectCrawlerBlocked(systemCtx("process-log-import", p.organizationId), p.projectId, now());
  } catch (e) {
    console.warn(`[crawl-logs] import ${importId}: the untracked URLs and tracked URL fields were not brought up to date (the daily sweep will):`, (e as Error).message);
  }
  const { lookups, cacheHits } = verifier.stats();
  const sec = (ms: number) => (ms / 1000).toFixed(1);
  console.info(`[crawl-logs] import ${importId} completed at line ${expected}; verification: ${lookups} DNS lookups, ${cacheHits} cache hits; `
    + `last run ${sec(runMs)} s, of which waiting for the database ${sec(waits.dbMs)} s, for DNS ${sec(waits.dnsMs)} s; ${heap.collections} heap collections; `
    + `untracked list and tracked URL fields ${sec(performance.now() - waits.startedAt - runMs)} s after`);
  return done;
}

/** Commits one chunk: false when the checkpoint moved meanwhile (another run committed it; nothing is written). */
async function commitChunk(importId: string, p: { organizationId: string; projectId: string; domain: string }, c: Chunk, from: number, resolver: TrackedUrlResolver, book: UntrackedBook, now: Date): Promise<boolean> {
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
async function refreshFields(p: { organizationId: string; projectId: string; domain: string }, now: Date): Promise<void> {
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
