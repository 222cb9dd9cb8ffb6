import type { Readable } from "node:stream";

import { fetchFailureInWords, type SafeFetchErrorKind } from "./failure-words";

export type { SafeFetchErrorKind };

export interface Hop {
  url: string;
  status: number;
}

export interface SafeFetchError {
  kind: SafeFetchErrorKind;
  /** In our words (failure-words.ts), safe to show: never a library's text, never the address a name resolved to. */
  message: string;
  /** The library's own text (errno codes, addresses), for logs and support only: never shown to a customer. */
  detail?: string;
  /** The URL whose fetch failed (the last hop). */
  url: string;
  /** Redirects followed before the failure. */
  hops: Hop[];
}

export interface SafeFetchTiming {
  totalMs: number;
}

interface SafeFetchSuccessBase {
  ok: true;
  status: number;
  /**
   * As received (so `content-encoding` still names the encoding the body was decoded from);
   * lowercased names, repeated headers joined with ", " (set-cookie with "\n").
   */
  headers: Record<string, string>;
  finalUrl: string;
  /** Redirects followed, in order: each URL that answered with a redirect and its status. */
  hops: Hop[];
  timing: SafeFetchTiming;
}

export interface SafeFetchSuccess extends SafeFetchSuccessBase {
  /** The decoded body (Content-Encoding removed). */
  body: Buffer;
}

export interface SafeFetchStreamSuccess extends SafeFetchSuccessBase {
  /** The decoded body; fails with a SafeFetchFailure (see `.kind`) when a limit or the deadline is hit. */
  body: Readable;
}

export type SafeFetchResult = SafeFetchSuccess | { ok: false; error: SafeFetchError };
export type SafeFetchStreamResult = SafeFetchStreamSuccess | { ok: false; error: SafeFetchError };

/** Carries a typed outcome through streams and undici callbacks. */
export class SafeFetchFailure extends Error {
  constructor(
    readonly kind: SafeFetchErrorKind,
    message: string,
    readonly url: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "SafeFetchFailure";
  }

  /** A thrown error as a failure: the guard's refusals keep their words, a library's error becomes ours (its text in `detail`). */
  static from(error: unknown, url: string): SafeFetchFailure {
    if (error instanceof SafeFetchFailure) return error;
    const err = unwrap(error);
    const kind = classify(err);
    const message = err.name === "BlockedAddressError" ? err.message : `${hostOf(err, url)}: ${fetchFailureInWords(kind)}`;
    const detail = err.name === "BlockedAddressError" ? String((err as Error & { detail?: string }).detail ?? err.message) : describe(err);
    return new SafeFetchFailure(kind, message, url, detail);
  }

  toError(hops: Hop[]): SafeFetchError {
    return { kind: this.kind, message: this.message, ...(this.detail ? { detail: this.detail } : {}), url: this.url, hops };
  }
}

function hostOf(err: Error, url: string): string {
  const named = (err as { hostname?: unknown }).hostname;
  if (typeof named === "string" && named) return named;
  try {
    return new URL(url).hostname;
  } catch {
    return "the site";
  }
}

function unwrap(error: unknown): Error {
  let err = error instanceof Error ? error : new Error(String(error));
  while (err.cause instanceof Error && !(err as NodeJS.ErrnoException).code) err = err.cause;
  return err;
}

const TLS_CODES = /^(CERT_|UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|ERR_TLS_|ERR_SSL_|HOSTNAME_MISMATCH|ERR_OSSL)/;
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ERR_CONNECTION_RESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
]);
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);

function classify(err: Error): SafeFetchErrorKind {
  const code = String((err as NodeJS.ErrnoException).code ?? "");
  if (code === "ERR_SSRF_BLOCKED") return "blocked";
  if (err.name === "DnsLookupError") return "dns";
  if (TIMEOUT_CODES.has(code) || err.name === "TimeoutError") return "timeout";
  if (TLS_CODES.test(code) || (code === "EPROTO" && /SSL|TLS/i.test(err.message))) return "tls";
  if (CONNECTION_CODES.has(code)) return "connection";
  if (code === "UND_ERR_INVALID_ARG") return "invalid_url";
  if (code.startsWith("HPE_") || code === "UND_ERR_HEADERS_OVERFLOW" || code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH" || code === "UND_ERR_INFO") return "http_protocol";
  return "connection";
}

function describe(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code;
  const own = err.name === "BlockedAddressError" || err.name === "DnsLookupError";
  return code && !own && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
}
