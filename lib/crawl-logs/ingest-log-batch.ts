import crypto from "node:crypto";
import zlib from "node:zlib";
import { DomainError, validationError } from "@/lib/core/errors";
import { db, Prisma, txRunner } from "@/lib/db";
import { requestInfoFrom } from "@/lib/auth/request-info";
import { consumeAll } from "@/lib/rate-limit/decide";
import { countTokenFailure, refuseAddressAfterTokenFailures } from "@/lib/rate-limit/ingest-token-failures";
import { InsuredLimiter, StoreHealth } from "@/lib/rate-limit/insured-limiter";
import { rateLimits } from "@/lib/rate-limit/limiters";
import { HitAggregator } from "./aggregate-hits";
import { commitCrawlAggregates, foldUntrackedUrls, refreshTrackedCrawlFields } from "./commit-crawl-aggregates";
import { crawlLogConfig, MAX_LINE_BYTES, REJECT_SAMPLES } from "./config";
import { identifyCrawler } from "./crawlers";
import { projectOfIngestToken } from "./ingest-token";
import { createLineParser, detectLogFormat } from "./parse-log";
import { TrackedUrlResolver } from "./resolve-tracked-urls";
import type { LogFormat } from "./types";
import { createCrawlerVerifier, type CrawlerVerifier } from "./verify-crawler";

const g = globalThis as unknown as { __logPushVerifier?: CrawlerVerifier; __logPushLimiter?: InsuredLimiter };
// One verifier per process: its cache of verified addresses serves every push.
const verifier = () => (g.__logPushVerifier ??= createCrawlerVerifier());

export type IngestResult = { accepted: number; rejected: number; replayed: boolean; rejectSamples: { line: number; reason: string }[] };

/**
 * POST /api/ingest/logs: a batch of JSON log records (NDJSON, plain or gzip) pushed with the project's
 * ingest token. The batch counts once: its Idempotency-Key (or, without one, the SHA-256 of the
 * decompressed body) is recorded in the same transaction as its aggregates, and a replay answers the
 * first counts with `replayed: true`.
 */
export async function ingestLogBatch(req: Request, now = new Date()): Promise<IngestResult> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1];
  const ip = requestInfoFrom(req.headers).ipAddress;
  await refuseAddressAfterTokenFailures(ip);
  const project = token ? await projectOfIngestToken(token) : null;
  if (!project) {
    await countTokenFailure(ip);
    throw new DomainError("UNAUTHORIZED", "Missing, unknown or revoked ingest token");
  }
  await limitPush(project.projectId);

  const cfg = crawlLogConfig();
  const body = await readBody(req, cfg.pushMaxBytes);
  const text = decodeBody(body, req.headers.get("content-encoding"), cfg.pushMaxExpandedBytes);
  const key = batchKey(req.headers.get("idempotency-key"), text);
  const prior = await db.logIngestBatch.findUnique({ where: { projectId_key: { projectId: project.projectId, key } } });
  if (prior) return { accepted: prior.accepted, rejected: prior.rejected, replayed: true, rejectSamples: [] };

  const lines = text.split("\n");
  const format: LogFormat = pushFormat(lines);
  const parse = createLineParser(format);
  const agg = new HitAggregator(project.domain);
  const samples: IngestResult["rejectSamples"] = [];
  let accepted = 0;
  let rejected = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].endsWith("\r") ? lines[i].slice(0, -1) : lines[i];
    const r = Buffer.byteLength(line) > MAX_LINE_BYTES ? { ok: false as const, reason: "line_too_long" }
      : line.includes("\u0000") ? { ok: false as const, reason: "nul_byte" } : parse(line);
    if (!r) continue;
    if (!r.ok) {
      rejected++;
      if (samples.length < REJECT_SAMPLES) samples.push({ line: i + 1, reason: r.reason });
      continue;
    }
    accepted++;
    const match = identifyCrawler(r.hit.userAgent);
    if (!match) continue;
    const target = agg.target(r.hit);
    if (target === "other_host") agg.counters.otherHostHits++;
    else if (target !== null) agg.add(r.hit, match, await verifier().classify(match, r.hit.ip), target);
  }
  const idOf = await new TrackedUrlResolver(project.projectId, project.domain).resolve(agg.urlPaths());
  const replayed = await db.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw(Prisma.sql`
      INSERT INTO log_ingest_batches (project_id, key, accepted, rejected, created_at) VALUES (${project.projectId}::uuid, ${key}, ${accepted}, ${rejected}, ${now})
      ON CONFLICT (project_id, key) DO NOTHING`);
    if (inserted !== 1) return true; // a concurrent copy of the batch won
    const run = txRunner(tx);
    const touched = await commitCrawlAggregates(run, project, agg, idOf);
    await foldUntrackedUrls(run, project);
    await refreshTrackedCrawlFields(tx, project, now, touched.ids);
    if (!project.lastUsedAt || now.getTime() - project.lastUsedAt.getTime() > 60_000) {
      await tx.logIngestToken.update({ where: { projectId: project.projectId }, data: { lastUsedAt: now } });
    }
    return false;
  }, { timeout: 60_000 });
  if (replayed) {
    const first = await db.logIngestBatch.findUnique({ where: { projectId_key: { projectId: project.projectId, key } } });
    return { accepted: first?.accepted ?? accepted, rejected: first?.rejected ?? rejected, replayed: true, rejectSamples: [] };
  }
  return { accepted, rejected, replayed: false, rejectSamples: samples };
}

/** The body as bytes, refused past `limit` (413) while it arrives, without buffering more. */
async function readBody(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  const tooLarge = () => new DomainError("PAYLOAD_TOO_LARGE", `Log batches are limited to ${limit} bytes`, { limitBytes: limit });
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) { await reader.cancel().catch(() => {}); throw tooLarge(); }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decodeBody(body: Uint8Array, encoding: string | null, maxExpanded: number): string {
  const gz = (encoding ?? "").toLowerCase().includes("gzip") || (body[0] === 0x1f && body[1] === 0x8b);
  let bytes: Uint8Array = body;
  if (gz) {
    try {
      bytes = zlib.gunzipSync(body, { maxOutputLength: maxExpanded });
    } catch (e) {
      if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        throw new DomainError("PAYLOAD_TOO_LARGE", `The decompressed batch exceeds ${maxExpanded} bytes`, { limitBytes: maxExpanded });
      }
      throw validationError("The gzip body is truncated or corrupt", [{ path: "", code: "invalid_gzip", message: "The gzip body is truncated or corrupt" }]);
    }
  } else if (encoding && !/^\s*identity\s*$/i.test(encoding)) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the batch plain or with Content-Encoding: gzip");
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The client's Idempotency-Key (1-200 visible ASCII characters), else the SHA-256 of the body. */
function batchKey(header: string | null, text: string): string {
  if (header !== null) {
    if (!/^[\x21-\x7e]{1,200}$/.test(header)) {
      throw validationError("Invalid Idempotency-Key", [{ path: "Idempotency-Key", code: "invalid_string", message: "1-200 visible ASCII characters" }]);
    }
    return `key:${header}`;
  }
  return `sha256:${crypto.createHash("sha256").update(text).digest("hex")}`;
}

/** The push carries JSON records: Cloudflare Logpush fields when the first records look so, else the generic mapping. */
function pushFormat(lines: string[]): LogFormat {
  const sample = lines.filter((l) => l.trim()).slice(0, 20);
  const f = detectLogFormat(sample);
  return f === "cloudflare_json" ? "cloudflare_json" : "json_generic";
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
