import { fetch } from "undici";
import { REQUEST_TIMEOUT_MS, RESPONSE_BODY_MAX_BYTES } from "./limits";
import { parseRetryAfter } from "./outcome";

export type IndexNowRequest = { host: string; key: string; keyLocation: string; urlList: string[] };
export type PostResult = { responseCode: number | null; responseBody: string | null; error: string | null; retryAfterMs: number | null };

/**
 * POSTs one batch to the IndexNow endpoint. The endpoint is a third-party service, not a customer's
 * site, so it is called directly (not through the SSRF-guarded fetcher). Never throws: a network
 * error or timeout comes back as `error` with no response code. Reads at most 8 KiB of the answer.
 */
export async function postBatch(endpoint: string, payload: IndexNowRequest, now = new Date(), timeoutMs = REQUEST_TIMEOUT_MS): Promise<PostResult> {
  try {
    const res = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", accept: "*/*" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const responseBody = await readPrefix(res.body, RESPONSE_BODY_MAX_BYTES);
    return { responseCode: res.status, responseBody, error: null, retryAfterMs: parseRetryAfter(res.headers.get("retry-after"), now) };
  } catch (error) {
    return { responseCode: null, responseBody: null, error: describe(error), retryAfterMs: null };
  }
}

/** The first `max` bytes of a body as text, cut at a UTF-8 character boundary; null for an empty body. */
async function readPrefix(body: AsyncIterable<Uint8Array> & { cancel?: () => Promise<void> } | null, max: number): Promise<string | null> {
  if (!body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size > max) break; // leaving the loop cancels the rest of the stream
  }
  const text = truncateUtf8(Buffer.concat(chunks), max);
  return text === "" ? null : text;
}

/** At most `max` bytes of UTF-8, never splitting a character; NUL removed (PostgreSQL text refuses it). */
export function truncateUtf8(bytes: Buffer, max: number): string {
  let end = Math.min(bytes.length, max);
  // Back off continuation bytes (10xxxxxx) so a multi-byte character is kept whole or dropped.
  if (end < bytes.length) while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  const text = bytes.subarray(0, end).toString("utf8").replaceAll("\u0000", "");
  // Invalid input decodes to U+FFFD (3 bytes each): cut the now valid text again.
  return Buffer.byteLength(text) > max ? truncateUtf8(Buffer.from(text), max) : text;
}

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "The IndexNow endpoint did not answer in time";
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = cause && "code" in cause ? String((cause as { code?: unknown }).code) : null;
  return `The IndexNow endpoint could not be reached${code ? ` (${code})` : ""}`;
}
