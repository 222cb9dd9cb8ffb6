// The CPU part of a log push, run on a worker thread (push-worker.ts) so that the thread answering requests never
// decompresses or parses: gunzip with its cap, the batch key, splitting, parsing, identifying crawlers and the URL key
// of each crawler hit. What needs the database or the verifier (per distinct claimed crawler and address) is left
// to the request: the worker answers compact columns, a few numbers per crawler hit.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { HitAggregator } from "../aggregate/aggregate-hits";
import { MAX_LINE_BYTES, REJECT_SAMPLES } from "../config";
import { identifyCrawler } from "../identify/crawlers";
import { createLineParser, detectLogFormat } from "./parse-log";
import type { LogFormat } from "../types";

export type PushParseInput = {
  body: Uint8Array; encoding: string | null; maxExpandedBytes: number; domain: string;
  /** The client's Idempotency-Key (already checked), else the key is the SHA-256 of the decompressed body. */
  idempotencyKey: string | null;
};

/** One claimed crawler at one address: the unit of verification. */
export type PushClaim = { family: string; verifiable: boolean; ip: string };

export type PushParsed = {
  ok: true; key: string; expandedBytes: number; accepted: number; rejected: number; otherHostHits: number;
  rejectSamples: { line: number; reason: string }[];
  paths: string[]; claims: PushClaim[];
  /** Per crawler hit on the project's host: path index, claim index, time (ms), status (-1 when none logged). */
  hits: Float64Array;
};
export type PushParseFailure = { ok: false; error: "too_large" | "invalid_gzip" | "unsupported_encoding" };

export const HIT_FIELDS = 4;

export function parsePushBatch(input: PushParseInput): PushParsed | PushParseFailure {
  const decoded = decode(input.body, input.encoding, input.maxExpandedBytes);
  if (!decoded.ok) return decoded;
  const text = decoded.text;
  const key = input.idempotencyKey !== null ? `key:${input.idempotencyKey}` : `sha256:${crypto.createHash("sha256").update(text).digest("hex")}`;
  const lines = text.split("\n");
  const parse = createLineParser(pushFormat(lines), { reuse: true });
  const agg = new HitAggregator(input.domain); // only its URL keys: target()
  const rejectSamples: PushParsed["rejectSamples"] = [];
  const pathIndex = new Map<string, number>();
  const claimIndex = new Map<string, number>();
  const paths: string[] = [];
  const claims: PushClaim[] = [];
  let hits = new Float64Array(4096 * HIT_FIELDS);
  let n = 0;
  let accepted = 0;
  let rejected = 0;
  let otherHostHits = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].endsWith("\r") ? lines[i].slice(0, -1) : lines[i];
    const r = Buffer.byteLength(line) > MAX_LINE_BYTES ? { ok: false as const, reason: "line_too_long" }
      : line.includes("\u0000") ? { ok: false as const, reason: "nul_byte" } : parse(line);
    if (!r) continue;
    if (!r.ok) {
      rejected++;
      if (rejectSamples.length < REJECT_SAMPLES) rejectSamples.push({ line: i + 1, reason: r.reason });
      continue;
    }
    accepted++;
    const hit = r.hit;
    const match = identifyCrawler(hit.userAgent);
    if (!match) continue;
    const target = agg.target(hit);
    if (target === "other_host") { otherHostHits++; continue; }
    if (target === null) continue;
    let p = pathIndex.get(target);
    if (p === undefined) { pathIndex.set(target, (p = paths.length)); paths.push(target); }
    const ck = `${match.family}|${match.verifiable ? 1 : 0}|${hit.ip}`;
    let c = claimIndex.get(ck);
    if (c === undefined) { claimIndex.set(ck, (c = claims.length)); claims.push({ family: match.family, verifiable: match.verifiable, ip: hit.ip }); }
    if ((n + 1) * HIT_FIELDS > hits.length) { const grown = new Float64Array(hits.length * 2); grown.set(hits); hits = grown; }
    const o = n * HIT_FIELDS;
    hits[o] = p; hits[o + 1] = c; hits[o + 2] = hit.time.getTime(); hits[o + 3] = hit.status ?? -1;
    n++;
  }
  return {
    ok: true, key, expandedBytes: decoded.bytes, accepted, rejected, otherHostHits, rejectSamples, paths, claims,
    hits: hits.slice(0, n * HIT_FIELDS),
  };
}

function decode(body: Uint8Array, encoding: string | null, maxExpanded: number): { ok: true; text: string; bytes: number } | PushParseFailure {
  const gz = (encoding ?? "").toLowerCase().includes("gzip") || (body[0] === 0x1f && body[1] === 0x8b);
  let bytes: Uint8Array = body;
  if (gz) {
    try {
      bytes = zlib.gunzipSync(body, { maxOutputLength: maxExpanded });
    } catch (e) {
      return { ok: false, error: (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "too_large" : "invalid_gzip" };
    }
  } else if (encoding && !/^\s*identity\s*$/i.test(encoding)) {
    return { ok: false, error: "unsupported_encoding" };
  } else if (body.byteLength > maxExpanded) {
    return { ok: false, error: "too_large" };
  }
  return { ok: true, text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"), bytes: bytes.byteLength };
}

/** The push carries JSON records: Cloudflare Logpush fields when the first records look so, else the generic mapping. */
function pushFormat(lines: string[]): LogFormat {
  const sample: string[] = [];
  for (let i = 0; i < lines.length && sample.length < 20; i++) if (lines[i].trim()) sample.push(lines[i]);
  return detectLogFormat(sample) === "cloudflare_json" ? "cloudflare_json" : "json_generic";
}
