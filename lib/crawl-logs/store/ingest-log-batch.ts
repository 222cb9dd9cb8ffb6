import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { DomainError, validationError } from "@/lib/core/errors";
import { readUploadBytes, type UploadBody } from "@/lib/core/upload-body";
import { db, Prisma, txRunner, withTransaction } from "@/lib/db";
import { consumeAll } from "@/lib/rate-limit/decide";
import { countTokenFailure, refuseAddressAfterTokenFailures } from "@/lib/rate-limit/ingest-token-failures";
import { InsuredLimiter, StoreHealth } from "@/lib/rate-limit/insured-limiter";
import { rateLimits } from "@/lib/rate-limit/limiters";
import { HitAggregator } from "../aggregate/aggregate-hits";
import { commitCrawlAggregates, foldUntrackedUrls, refreshTrackedCrawlFields } from "../aggregate/commit-crawl-aggregates";
import { sendEvent } from "@/lib/events/send-event";
import { crawlLogConfig } from "../config";
import type { CrawlerMatch } from "../identify/crawlers";
import { projectOfIngestToken } from "./ingest-token";
import { HIT_FIELDS, type PushClaim, type PushParsed } from "../read/parse-push-batch";
import { chargePushBytes, checkPushBytes, enterPush } from "./push-budget";
import { pushPool } from "../read/push-pool";
import { TrackedUrlResolver } from "../aggregate/resolve-tracked-urls";
import type { LogHit } from "../types";
import { createCrawlerVerifier, type CrawlerVerifier, type Verification } from "../verify/verify-crawler";

const g = globalThis as unknown as { __logPushVerifier?: CrawlerVerifier; __logPushLimiter?: InsuredLimiter };
// One verifier per process: its cache of verified addresses serves every push.
export const verifier = () => (g.__logPushVerifier ??= createCrawlerVerifier());

export type IngestResult = { accepted: number; rejected: number; replayed: boolean; rejectSamples: { line: number; reason: string }[] };

/** A push as the HTTP edge hands it over: the bearer token, the caller's address, the Idempotency-Key header and the body. */
export type LogPush = { token: string | null; ipAddress: string | null; idempotencyKey: string | null; body: UploadBody };

/**
 * POST /api/ingest/logs: a batch of JSON log records (NDJSON, plain or gzip) pushed with the project's
 * ingest token. The batch counts once: its Idempotency-Key (or, without one, the SHA-256 of the
 * decompressed body) is recorded in the same transaction as its aggregates, and a replay answers the
 * first counts with `replayed: true`.
 */
export async function ingestLogBatch(push: LogPush, now = new Date()): Promise<IngestResult> {
  const { token, ipAddress: ip } = push;
  await refuseAddressAfterTokenFailures(ip);
  const project = token ? await projectOfIngestToken(token) : null;
  if (!project) {
    await countTokenFailure(ip);
    throw new DomainError("UNAUTHORIZED", "Missing, unknown or revoked ingest token");
  }
  await limitPush(project.projectId);
  const release = enterPush(project.organizationId);
  try {
    return await ingestBatch(push, project, now);
  } finally {
    release();
  }
}

type PushProject = NonNullable<Awaited<ReturnType<typeof projectOfIngestToken>>>;

async function ingestBatch(push: LogPush, project: PushProject, now: Date): Promise<IngestResult> {
  await checkPushBytes(project.organizationId);
  const cfg = crawlLogConfig();
  const header = idempotencyKey(push.idempotencyKey);
  if (header !== null) {
    const prior = await db.logIngestBatch.findUnique({ where: { projectId_key: { projectId: project.projectId, key: `key:${header}` } } });
    if (prior) return { accepted: prior.accepted, rejected: prior.rejected, replayed: true, rejectSamples: [] };
  }
  const limit = cfg.pushMaxBytes;
  const body = await readUploadBytes(push.body, limit, () => new DomainError("PAYLOAD_TOO_LARGE", `Log batches are limited to ${limit} bytes`, { limitBytes: limit }));
  // Decompressing and parsing run on a worker thread: this thread only reads the body and counts.
  const parsed = await pushPool().parse({ body, encoding: push.body.contentEncoding, maxExpandedBytes: cfg.pushMaxExpandedBytes, domain: project.domain, idempotencyKey: header });
  if (!parsed.ok) throw parseFailure(parsed.error, cfg.pushMaxExpandedBytes);
  await chargePushBytes(project.organizationId, parsed.expandedBytes);
  const { key, accepted, rejected } = parsed;
  if (header === null) {
    const prior = await db.logIngestBatch.findUnique({ where: { projectId_key: { projectId: project.projectId, key } } });
    if (prior) return { accepted: prior.accepted, rejected: prior.rejected, replayed: true, rejectSamples: [] };
  }

  const { agg, deferred } = await aggregatePush(parsed, project.domain, cfg.pushDnsLookups);
  const idOf = await new TrackedUrlResolver(project.projectId, project.domain).resolve(agg.urlPaths());
  const deferredId = deferred ? crypto.randomUUID() : null;
  const replayed = await withTransaction(systemCtx("ingest-log-batch", project.organizationId), async (ctx) => {
    const { tx } = ctx;
    const inserted = await tx.$executeRaw(Prisma.sql`
      INSERT INTO log_ingest_batches (project_id, key, accepted, rejected, created_at) VALUES (${project.projectId}::uuid, ${key}, ${accepted}, ${rejected}, ${now})
      ON CONFLICT (project_id, key) DO NOTHING`);
    if (inserted !== 1) return true; // a concurrent copy of the batch won
    const run = txRunner(tx);
    const touched = await commitCrawlAggregates(run, project, agg, idOf);
    await foldUntrackedUrls(run, project);
    await refreshTrackedCrawlFields(ctx, project, now, touched.ids);
    if (deferredId) {
      await tx.logPushVerification.create({ data: { id: deferredId, organizationId: project.organizationId, projectId: project.projectId, hits: deferred as unknown as Prisma.InputJsonValue, createdAt: now } });
    }
    if (!project.lastUsedAt || now.getTime() - project.lastUsedAt.getTime() > 60_000) {
      await tx.logIngestToken.update({ where: { projectId: project.projectId }, data: { lastUsedAt: now } });
    }
    return false;
  }, { timeout: 60_000 });
  if (replayed) {
    const first = await db.logIngestBatch.findUnique({ where: { projectId_key: { projectId: project.projectId, key } } });
    return { accepted: first?.accepted ?? accepted, rejected: first?.rejected ?? rejected, replayed: true, rejectSamples: [] };
  }
  // Claims that need reverse DNS are checked after the answer, by the job (crawl-logs-verify-push).
  if (deferredId) await sendEvent("crawl-logs/push.verify-requested", { organizationId: project.organizationId, projectId: project.projectId, verificationId: deferredId }, { id: deferredId });
  return { accepted, rejected, replayed: false, rejectSamples: parsed.rejectSamples };
}

/**
 * The batch's aggregates from the worker's columns: each distinct claimed crawler and address is classified once without
 * DNS (cache, published ranges); the first `dnsCap` addresses that need reverse DNS are set aside for the job with their
 * hits, any beyond count as unverified (no proof could be had). Yields to other requests every 5,000 hits.
 */
async function aggregatePush(parsed: PushParsed, domain: string, dnsCap: number): Promise<{ agg: HitAggregator; deferred: DeferredHits | null }> {
  const agg = new HitAggregator(domain);
  agg.counters.otherHostHits = parsed.otherHostHits;
  const v = verifier();
  const verdicts: (Verification | "dns")[] = [];
  const dnsAddresses = new Set<string>();
  for (const c of parsed.claims) {
    const match = claimMatch(c);
    const known = await v.classifyWithoutDns(match, c.ip);
    if (known !== undefined) verdicts.push(known);
    else if (dnsAddresses.has(c.ip) || dnsAddresses.size < dnsCap) { dnsAddresses.add(c.ip); verdicts.push("dns"); }
    else verdicts.push("unverified");
  }
  const deferred: DeferredHits = { paths: [], claims: [], rows: [] };
  const deferredPath = new Map<number, number>();
  const deferredClaim = new Map<number, number>();
  const hit = { time: new Date(0), status: null as number | null } as LogHit;
  const h = parsed.hits;
  for (let o = 0, n = 0; o < h.length; o += HIT_FIELDS, n++) {
    if (n % 5_000 === 4_999) await new Promise<void>((r) => setImmediate(r));
    const p = h[o], c = h[o + 1], ms = h[o + 2], status = h[o + 3] < 0 ? null : h[o + 3];
    const verdict = verdicts[c];
    if (verdict === "dns") {
      let dp = deferredPath.get(p);
      if (dp === undefined) { deferredPath.set(p, (dp = deferred.paths.length)); deferred.paths.push(parsed.paths[p]); }
      let dc = deferredClaim.get(c);
      if (dc === undefined) { deferredClaim.set(c, (dc = deferred.claims.length)); deferred.claims.push(parsed.claims[c]); }
      deferred.rows.push(dp, dc, ms, status ?? -1);
      continue;
    }
    hit.time.setTime(ms);
    hit.status = status;
    agg.add(hit, claimMatch(parsed.claims[c]), verdict, parsed.paths[p]);
  }
  return { agg, deferred: deferred.rows.length > 0 ? deferred : null };
}

/** Hits waiting for reverse DNS, as stored in log_push_verifications.hits: rows of [path index, claim index, time ms, status or -1]. */
export type DeferredHits = { paths: string[]; claims: PushClaim[]; rows: number[] };

/** What the verifier and the aggregator read of a crawler match (family and whether it can be proven). */
export const claimMatch = (c: PushClaim) => ({ family: c.family, verifiable: c.verifiable, name: c.family, kind: "other_bot" }) as CrawlerMatch;

function parseFailure(error: "too_large" | "invalid_gzip" | "unsupported_encoding", maxExpanded: number): DomainError {
  if (error === "too_large") return new DomainError("PAYLOAD_TOO_LARGE", `The decompressed batch exceeds ${maxExpanded} bytes`, { limitBytes: maxExpanded });
  if (error === "unsupported_encoding") return new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the batch plain or with Content-Encoding: gzip");
  return validationError("The gzip body is truncated or corrupt", [{ path: "", code: "invalid_gzip", message: "The gzip body is truncated or corrupt" }]);
}

/** The client's Idempotency-Key (1-200 visible ASCII characters), or null without one. */
function idempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (!/^[\x21-\x7e]{1,200}$/.test(header)) {
    throw validationError("Invalid Idempotency-Key", [{ path: "Idempotency-Key", code: "invalid_string", message: "1-200 visible ASCII characters" }]);
  }
  return header;
}

async function limitPush(projectId: string) {
  const { pushPerMinute } = crawlLogConfig();
  const store = rateLimits().store;
  const policy = { points: pushPerMinute, duration: 60 };
  const limiter = (g.__logPushLimiter ??= new InsuredLimiter(policy, store.limiter(policy, "rl:log-push"), new StoreHealth(store.kind)));
  const decision = await consumeAll([[limiter, projectId]]);
  if (decision && !decision.allowed) {
    const s = decision.retryAfterSeconds;
    throw new DomainError("RATE_LIMITED", `Too many log pushes for this project; try again in ${s} second${s === 1 ? "" : "s"}`, { retryAfterSeconds: s });
  }
}
