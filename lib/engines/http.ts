import { fetch } from "undici";

// The engines are third-party services, not customer sites: they are called directly (not through
// the SSRF-guarded fetcher), so tests can point the base URLs at fakes on 127.0.0.1.
export const DEFAULT_TIMEOUT_MS = 20_000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type UpstreamRequest = {
  url: string;
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Answers longer than this are cut (and so fail to parse); 4 MiB unless the call expects more. */
  maxBodyBytes?: number;
};

export type UpstreamAnswer = { kind: "answer"; status: number; text: string; json: unknown; retryAfterMs: number | null };
export type UpstreamFailure = { kind: "failure"; code: "network" | "timeout"; message: string };

/** One HTTP exchange. Never throws; never puts the URL (it may carry a key) or headers in a message. */
export async function callUpstream(req: UpstreamRequest, now = new Date()): Promise<UpstreamAnswer | UpstreamFailure> {
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: { accept: "application/json", ...req.headers },
      body: req.body,
      redirect: "manual",
      signal: AbortSignal.timeout(req.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    const text = await readText(res.body, req.maxBodyBytes ?? MAX_BODY_BYTES);
    return { kind: "answer", status: res.status, text, json: parseJson(text), retryAfterMs: parseRetryAfter(res.headers.get("retry-after"), now) };
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return { kind: "failure", code: "timeout", message: "did not answer in time" };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const code = cause && "code" in cause && typeof cause.code === "string" ? cause.code : null;
    return { kind: "failure", code: "network", message: `could not be reached${code ? ` (${code})` : ""}` };
  }
}

async function readText(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) break; // an oversized answer is cut, so it fails to parse: malformed
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try { return JSON.parse(text); } catch { return undefined; }
}

/** Retry-After as delay-seconds or an HTTP-date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const when = Date.parse(v);
  return Number.isNaN(when) ? null : Math.max(0, when - now.getTime());
}
