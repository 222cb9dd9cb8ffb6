import { PassThrough, Transform, pipeline, type Readable, type TransformCallback } from "node:stream";
import zlib from "node:zlib";
import { SafeFetchFailure } from "./types";

export interface BodyLimits {
  /** Bytes as received on the wire (before content decoding). */
  maxBodyBytes: number;
  /** Bytes after content decoding. */
  maxDecodedBytes: number;
  /** Decoded:wire ratio allowed once `ratioGraceBytes` have been decoded. */
  maxRatio: number;
  ratioGraceBytes: number;
}

export const DEFAULT_LIMITS: BodyLimits = {
  maxBodyBytes: 10 * 1024 * 1024,
  maxDecodedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  ratioGraceBytes: 1024 * 1024,
};

const ZLIB_OPTIONS = { chunkSize: 64 * 1024 };

/**
 * Decodes a body (Content-Encoding list, applied in order) while counting wire and decoded bytes;
 * the returned stream fails with a SafeFetchFailure as soon as a limit is crossed, so an oversized
 * or bomb body is never held in memory. Also usable for `.gz` files served without an encoding.
 */
export function decodeBody(raw: Readable, contentEncoding: string | undefined, limits: BodyLimits, url: string): Readable {
  const encodings = (contentEncoding ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e && e !== "identity");
  const counts = { wire: 0, decoded: 0 };
  const wireCounter = counter((n) => {
    counts.wire += n;
    if (counts.wire > limits.maxBodyBytes) return new SafeFetchFailure("too_large", `body exceeds ${limits.maxBodyBytes} bytes`, url);
    return null;
  });
  const decoders = encodings.reverse().map((encoding) => decoderFor(encoding, url));
  const decodedCounter = counter((n) => {
    counts.decoded += n;
    if (encodings.length === 0) return null;
    if (counts.decoded > limits.ratioGraceBytes && counts.decoded > counts.wire * limits.maxRatio) {
      return new SafeFetchFailure(
        "decompression_bomb",
        `decoded ${counts.decoded} bytes from ${counts.wire} (ratio over ${limits.maxRatio}:1)`,
        url,
      );
    }
    if (counts.decoded > limits.maxDecodedBytes) return new SafeFetchFailure("too_large", `decoded body exceeds ${limits.maxDecodedBytes} bytes`, url);
    return null;
  });
  // `out` stays outside the pipeline so that its consumer sees the typed failure, not the raw error.
  const out = new PassThrough();
  const stages = [raw, wireCounter, ...decoders, decodedCounter] as unknown as [Readable, ...Transform[]];
  pipeline(stages, (error) => {
    if (error && !out.destroyed) out.destroy(toFailure(error, url));
  });
  decodedCounter.pipe(out);
  out.once("close", () => {
    if (!out.readableEnded) raw.destroy();
  });
  return out;
}

function counter(check: (bytes: number) => SafeFetchFailure | null): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      const failure = check(chunk.length);
      if (failure) done(failure);
      else done(null, chunk);
    },
  });
}

function decoderFor(encoding: string, url: string): Transform {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip({ ...ZLIB_OPTIONS, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case "br":
      return zlib.createBrotliDecompress({ ...ZLIB_OPTIONS, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    case "deflate":
      return deflateDecoder();
    default:
      return new Transform({
        transform(_chunk, _enc, done) {
          done(new SafeFetchFailure("http_protocol", `unsupported content-encoding "${encoding}"`, url));
        },
      });
  }
}

/** HTTP "deflate" is meant to be zlib-wrapped, but servers also send raw deflate: look at the first byte. */
function deflateDecoder(): Transform {
  let inner: Transform | null = null;
  const outer = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!inner) {
        const created = (chunk[0] & 0x0f) === 0x08 ? zlib.createInflate(ZLIB_OPTIONS) : zlib.createInflateRaw(ZLIB_OPTIONS);
        created.on("data", (data: Buffer) => {
          if (!outer.push(data)) created.pause();
        });
        created.on("error", (error) => outer.destroy(error));
        inner = created;
      }
      if (inner.write(chunk)) done();
      else inner.once("drain", () => done());
    },
    flush(done) {
      if (!inner) return done();
      inner.once("end", () => done());
      inner.end();
    },
    destroy(error, done) {
      inner?.destroy();
      done(error);
    },
  });
  const read = outer._read.bind(outer);
  outer._read = (size: number) => {
    inner?.resume();
    read(size);
  };
  return outer;
}

function toFailure(error: Error, url: string): SafeFetchFailure {
  if (error instanceof SafeFetchFailure) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  if (code.startsWith("Z_") || code.startsWith("ERR_BROTLI") || code.startsWith("ERR__") || /incorrect header|invalid/i.test(error.message)) {
    return new SafeFetchFailure("http_protocol", `cannot decode body: ${error.message}`, url);
  }
  return SafeFetchFailure.from(error, url);
}
