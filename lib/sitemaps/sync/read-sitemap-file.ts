import { Readable } from "node:stream";
import { DEFAULT_LIMITS, decodeBody } from "@/lib/net/body";
import { fetchFailureInWords, httpStatusInWords } from "@/lib/net/failure-words";
import { SafeFetchFailure, type SafeFetchErrorKind, type SafeFetcher } from "@/lib/net/safe-fetch";
import {
  detectSitemapFormat, parseSitemapStream, parseTextSitemap, SitemapParseError, type SitemapEvent,
} from "@/lib/sitemaps/parse";
import type { SyncLimits } from "./limits";

export type FetchStatus = "ok" | "error" | "timeout" | "blocked";
export type SitemapKind = "index" | "urlset" | "unknown";
/** missing: answered 404/410; unreachable: no usable answer; invalid: an answer that is not a usable sitemap. */
export type FileProblem = "missing" | "unreachable" | "invalid";

export type FileOutcome = {
  fetchStatus: FetchStatus;
  httpStatus: number | null;
  type: SitemapKind;
  error: string | null;
  problem: FileProblem | null;
  /** The problem in words a site owner acts on (never the library's message); null when the file was read. */
  reason: string | null;
};

const PARSE_WORDS: Record<SitemapParseError["code"], string> = {
  parse_error: "the file is not a valid XML or text sitemap",
  too_many_urls: "the file lists more than 50,000 URLs, the most a sitemap may hold",
  too_large: "the file is larger than 50 MB, the most a sitemap may be",
};

type Entry = Exclude<SitemapEvent, { kind: "root" }>;
const ACCEPT = "application/xml, text/xml;q=0.9, application/gzip;q=0.8, text/plain;q=0.7, */*;q=0.5";
const CONTENT_PROBLEMS = new Set<SafeFetchErrorKind>(["too_large", "decompression_bomb"]);
const HEAD_BYTES = 64;

/**
 * Fetches one sitemap file and streams its entries to `onEntry` as they are parsed: gzip is
 * recognized by its magic bytes (whatever the name or Content-Type says), then XML or plain text by
 * the first character. Every failure (fetch, status, size, decompression, parse) ends in a typed
 * outcome; only an error thrown by `onEntry` itself propagates.
 */
export async function readSitemapFile(
  fetcher: SafeFetcher, url: string, limits: SyncLimits, timeoutMs: number, onEntry: (e: Entry) => Promise<void> | void,
): Promise<FileOutcome> {
  const res = await fetcher.stream(url, {
    totalTimeoutMs: timeoutMs, maxBodyBytes: limits.maxBytesPerFile, maxDecodedBytes: limits.maxBytesPerFile, headers: { accept: ACCEPT },
  });
  if (!res.ok) return fetchFailure(res.error.kind, res.error.message, null, "unknown");
  const httpStatus = res.status;
  if (httpStatus < 200 || httpStatus >= 300) {
    res.body.destroy();
    const problem = httpStatus === 404 || httpStatus === 410 ? "missing" : "unreachable";
    const reason = problem === "missing" ? `there is no sitemap at this address (HTTP ${httpStatus})` : httpStatusInWords(httpStatus);
    return { fetchStatus: "error", httpStatus, type: "unknown", error: `HTTP ${httpStatus}`, problem, reason };
  }

  let type: SitemapKind = "unknown";
  let handlerError: unknown = null;
  try {
    let { head, rest } = await peek(res.body);
    let format = detectSitemapFormat(head, res.headers["content-type"]);
    if (format === "gzip") {
      const limitsForGzip = { ...DEFAULT_LIMITS, maxBodyBytes: limits.maxBytesPerFile, maxDecodedBytes: limits.maxBytesPerFile };
      ({ head, rest } = await peek(decodeBody(Readable.from(rest), "gzip", limitsForGzip, url)));
      format = detectSitemapFormat(head, null);
      if (format === "gzip") throw new SitemapParseError("parse_error", "gzip inside gzip");
    }
    const options = { maxUrls: limits.maxUrlsPerFile, maxBytes: limits.maxBytesPerFile, baseUrl: url };
    const events = format === "text" ? parseTextSitemap(rest, options) : parseSitemapStream(rest, options);
    if (format === "text") type = "urlset";
    for await (const event of events) {
      if (event.kind === "root") {
        type = event.type === "sitemapindex" ? "index" : "urlset";
        continue;
      }
      try {
        await onEntry(event);
      } catch (error) {
        handlerError = error;
        throw error;
      }
    }
    return { fetchStatus: "ok", httpStatus, type, error: null, problem: null, reason: null };
  } catch (error) {
    if (handlerError !== null && error === handlerError) throw error;
    if (error instanceof SitemapParseError) {
      return { fetchStatus: "error", httpStatus, type, error: `${error.code}: ${error.message}`, problem: "invalid", reason: PARSE_WORDS[error.code] };
    }
    const failure = SafeFetchFailure.from(error, url);
    return fetchFailure(failure.kind, failure.message, httpStatus, type);
  } finally {
    res.body.destroy();
  }
}

function fetchFailure(kind: SafeFetchErrorKind, message: string, httpStatus: number | null, type: SitemapKind): FileOutcome {
  const fetchStatus: FetchStatus = kind === "timeout" ? "timeout" : kind === "blocked" ? "blocked" : "error";
  return {
    fetchStatus, httpStatus, type, error: `${kind}: ${message}`.slice(0, 1000), problem: CONTENT_PROBLEMS.has(kind) ? "invalid" : "unreachable",
    reason: fetchFailureInWords(kind),
  };
}

/** The first bytes of a stream (for format detection) and the whole stream again, head included. */
async function peek(stream: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  const it = stream[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < HEAD_BYTES) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    parts.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(parts);
  async function* rest(): AsyncGenerator<Uint8Array> {
    try {
      if (head.length) yield head;
      while (!done) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await it.return?.();
    }
  }
  return { head, rest: rest() };
}
