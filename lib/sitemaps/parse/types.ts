export type LocRejectReason = "relative" | "invalid_url" | "unsupported_scheme";

export type SitemapEvent =
  /** First event of an XML sitemap: what the root element says the file is. */
  | { kind: "root"; type: "urlset" | "sitemapindex" }
  | { kind: "url"; loc: string; lastmod?: Date }
  | { kind: "sitemap"; loc: string; lastmod?: Date }
  | {
      kind: "rejected";
      /** The element the bad `<loc>` came from (`url` for plain-text lines). */
      entry: "url" | "sitemap";
      /** The trimmed `<loc>` text (at most 2,048 characters of it). */
      value: string;
      reason: LocRejectReason;
      /** For relative values, the URL they would resolve to against `baseUrl`, when given. */
      resolved?: string;
    };

export type SitemapErrorCode = "too_many_urls" | "too_large" | "parse_error";

/** Thrown by the parsers after every entry before the failure has been yielded. */
export class SitemapParseError extends Error {
  constructor(
    readonly code: SitemapErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SitemapParseError";
  }
}

export interface SitemapParseOptions {
  /** Entries (accepted and rejected) allowed in one file; the 50,001st throws `too_many_urls`. */
  maxUrls?: number;
  /** Bytes read from the source (after decompression); more throws `too_large`. */
  maxBytes?: number;
  /** The sitemap's own URL, used only to show where relative entries would point. */
  baseUrl?: string;
}

export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** Node Readable, any async iterable of chunks, or a web ReadableStream. */
export type ByteSource = AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>;
