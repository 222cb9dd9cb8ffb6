import type { Readable } from "node:stream";
import { SafeFetchFailure, type SafeFetchErrorKind, type SafeFetcher } from "@/lib/net/safe-fetch";
import type { KeyFailure } from "./messages";

export type KeyFileCheck = { ok: true } | { ok: false; reason: KeyFailure; httpStatus?: number; detail?: string };

// A key is at most 128 characters: reading 16 KiB tells a key file from an HTML page or a huge body,
// and a declared Content-Length over 1 MiB is refused before any byte is read.
const READ_BYTES = 16 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

const BY_KIND: Record<SafeFetchErrorKind, KeyFailure> = {
  blocked: "blocked", too_many_redirects: "redirect", redirect_loop: "redirect", dns: "dns", tls: "tls", timeout: "timeout",
  too_large: "too_large", decompression_bomb: "too_large", connection: "unreachable", http_protocol: "unreachable", invalid_url: "unreachable",
};

/**
 * GETs the key file through the safe fetcher with no redirect followed (IndexNow reads the file at
 * exactly this address) and requires the trimmed body to equal the key.
 */
export async function checkKeyFile(fetcher: SafeFetcher, url: string, key: string, timeoutMs = TIMEOUT_MS): Promise<KeyFileCheck> {
  const res = await fetcher.stream(url, {
    maxRedirects: 0, totalTimeoutMs: timeoutMs, maxBodyBytes: MAX_BODY_BYTES, maxDecodedBytes: MAX_BODY_BYTES,
    headers: { accept: "text/plain, */*;q=0.5" },
  });
  if (!res.ok) return { ok: false, reason: BY_KIND[res.error.kind], httpStatus: res.error.hops[0]?.status, detail: res.error.message };
  const httpStatus = res.status;
  if (httpStatus < 200 || httpStatus > 299) {
    res.body.destroy();
    return { ok: false, reason: httpStatus === 404 || httpStatus === 410 ? "not_found" : "http_error", httpStatus };
  }
  let head: { text: string; truncated: boolean };
  try {
    head = await readHead(res.body, READ_BYTES);
  } catch (error) {
    const failure = SafeFetchFailure.from(error, url);
    return { ok: false, reason: BY_KIND[failure.kind], httpStatus, detail: failure.message };
  }
  const body = head.text.trim();
  if (!head.truncated && body === key) return { ok: true };
  if (looksLikeHtml(res.headers["content-type"], body)) return { ok: false, reason: "html_page", httpStatus };
  if (head.truncated) return { ok: false, reason: "too_large", httpStatus };
  return { ok: false, reason: body === "" ? "empty" : "wrong_body", httpStatus };
}

/** At most `limit` bytes (plus the rest of the chunk that crossed it); the stream is closed after. */
async function readHead(body: Readable, limit: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size > limit) {
        truncated = true;
        break;
      }
    }
  } finally {
    body.destroy();
  }
  return { text: Buffer.concat(chunks).toString("utf8"), truncated };
}

function looksLikeHtml(contentType: string | undefined, body: string): boolean {
  if (contentType && /\b(x?html)\b/i.test(contentType)) return true;
  return /^<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]/i.test(body.slice(0, 1024));
}
