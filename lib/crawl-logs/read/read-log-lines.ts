import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { GZIP_RATIO_GRACE_BYTES, MAX_LINE_BYTES } from "../config";

/** A failure of the file itself (not of our code): the import fails with this message, which is written for users. */
export class LogFileError extends Error {
  constructor(readonly reason: "truncated_gzip" | "corrupt_gzip" | "zip_bomb" | "unreadable", message: string) {
    super(message);
    this.name = "LogFileError";
  }
}

/**
 * One batch of lines: each line's text (null: longer than MAX_LINE_BYTES, not kept) and the byte offset
 * just after it in the decompressed stream; sourceBytes: bytes of the file read so far (progress of a gzip file).
 */
export type LineBatch = { lines: (string | null)[]; endOffsets: number[]; sourceBytes: number };

export type ReadLogOptions = {
  file: string;
  gzip: boolean;
  /** Plain files: start reading at this byte (the start of a line). */
  startByte?: number;
  /** Gzip files: lines already counted, skipped without decoding. */
  skipLines?: number;
  maxGzipRatio: number;
};

const LF = 0x0a;

/**
 * Reads a log file as batches of lines, from a byte offset (plain) or after a number of lines (gzip,
 * which cannot seek), without ever holding more than one read buffer and one line of at most 1 MiB:
 * a longer line is dropped while it streams by and reported as null. Invalid UTF-8 becomes U+FFFD.
 * Gzip streams (also concatenated members) are checked against an expansion ratio (zip bombs) and a
 * truncated or corrupt one throws LogFileError after the lines before the damage.
 */
export async function* readLogLines(opts: ReadLogOptions): AsyncGenerator<LineBatch> {
  const raw = createReadStream(opts.file, { start: opts.gzip ? 0 : opts.startByte ?? 0, highWaterMark: 1024 * 1024 });
  let compressedRead = 0;
  raw.on("data", (b) => { compressedRead += (b as Buffer).byteLength; });
  let source: Readable = raw;
  if (opts.gzip) {
    const gunzip = zlib.createGunzip({ chunkSize: 256 * 1024 });
    raw.on("error", (e) => gunzip.destroy(e));
    source = raw.pipe(gunzip);
  }
  let expanded = 0;
  let offset = opts.gzip ? 0 : opts.startByte ?? 0;
  let skip = opts.gzip ? opts.skipLines ?? 0 : 0;
  let carry: Buffer[] = [];
  let carryLen = 0;
  let oversize = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      expanded += chunk.byteLength;
      if (opts.gzip && expanded > GZIP_RATIO_GRACE_BYTES && expanded > opts.maxGzipRatio * Math.max(compressedRead, 1)) {
        throw new LogFileError("zip_bomb", `The gzip file expands more than ${opts.maxGzipRatio} times its compressed size: refused as a likely zip bomb`);
      }
      const batch: LineBatch = { lines: [], endOffsets: [], sourceBytes: opts.gzip ? compressedRead : offset };
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(LF, start);
        if (nl === -1) break;
        const lineBytes = carryLen + (nl - start);
        offset += nl - start + 1;
        if (skip > 0) skip--;
        else if (oversize || lineBytes > MAX_LINE_BYTES) { batch.lines.push(null); batch.endOffsets.push(offset); }
        else {
          batch.lines.push(decode(carryLen ? Buffer.concat([...carry, chunk.subarray(start, nl)]) : chunk, carryLen ? 0 : start, carryLen ? lineBytes : nl));
          batch.endOffsets.push(offset);
        }
        carry = []; carryLen = 0; oversize = false;
        start = nl + 1;
      }
      if (start < chunk.byteLength) {
        const rest = chunk.byteLength - start;
        offset += rest;
        if (!oversize && carryLen + rest > MAX_LINE_BYTES) { oversize = true; carry = []; }
        if (!oversize) carry.push(Buffer.from(chunk.subarray(start)));
        carryLen += rest;
      }
      if (batch.lines.length) yield batch;
    }
  } catch (e) {
    throw asFileError(e);
  } finally {
    raw.destroy();
    if (source !== raw) source.destroy();
  }
  if (carryLen > 0 && skip === 0) {
    yield { lines: [oversize || carryLen > MAX_LINE_BYTES ? null : decode(Buffer.concat(carry), 0, carryLen)], endOffsets: [offset], sourceBytes: opts.gzip ? compressedRead : offset };
  }
}

function decode(buf: Buffer, start: number, end: number): string {
  // A CRLF file's lines end in \r.
  if (end > start && buf[end - 1] === 0x0d) end--;
  return buf.toString("utf8", start, end);
}

function asFileError(e: unknown): unknown {
  if (e instanceof LogFileError) return e;
  const code = (e as { code?: string }).code;
  if (code === "Z_BUF_ERROR" || /unexpected end of file/i.test(String((e as Error)?.message))) {
    return new LogFileError("truncated_gzip", "The gzip file is truncated: it ends before its compressed data does (the lines before the cut are counted)");
  }
  if (code === "Z_DATA_ERROR" || code === "ERR_ZLIB_INITIALIZATION_FAILED") {
    return new LogFileError("corrupt_gzip", "The gzip file is corrupt (the lines before the damage are counted)");
  }
  if (code === "ENOENT") return new LogFileError("unreadable", "The uploaded file is no longer on the server; upload it again");
  return e;
}

/** The first non-blank lines of a file (format detection), at most `max` of them and 1 MiB of text. */
export async function sampleLines(file: string, gzip: boolean, maxGzipRatio: number, max = 50): Promise<string[]> {
  const out: string[] = [];
  let bytes = 0;
  for await (const batch of readLogLines({ file, gzip, maxGzipRatio })) {
    for (const line of batch.lines) {
      if (line === null || !line.trim()) continue;
      out.push(line);
      bytes += line.length;
      if (out.length >= max || bytes > 1024 * 1024) return out;
    }
  }
  return out;
}
