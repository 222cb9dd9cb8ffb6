import http from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { jsonText, okText, type OkOptions } from "./envelope";

/**
 * Gzip of large answers that are read again unchanged (the first page of a URL list, which the URL table asks for again
 * and again), kept with the text they compress. `next start` compresses every answer of 1 KB or more for a client that
 * accepts gzip (a browser always does), at zlib's default level, on every request: 1.2 ms of CPU for a page of 50 URLs
 * (66 KB), more than the page's query and its printing together, so the page a browser loads ran at 40 % of the bare
 * route where a client without Accept-Encoding (autocannon, curl) saw 57 %. Here an answer whose text is exactly the
 * last text of its key is sent as the gzip made for that text; any difference in a single byte compresses it afresh.
 * A key's first answer goes out as before (Next.js compresses it); the second identical one is compressed here, once.
 *
 * Bounded by size (least recently used out first): an eviction costs one compression more, never another answer.
 * GZIP_ANSWER_CACHE_MB sets the bound (8 by default; 0 turns it off). Only for GET (HEAD and the rest go the ordinary
 * way) and only when gzip is what Next.js's compression would choose (gzip among the codings the client prefers most);
 * otherwise, and below Next.js's threshold, nothing changes.
 *
 * Next.js drops a route handler's Content-Encoding (it sends the answer's headers without it and compresses the body
 * again), so the handler names its encoding in KEPT_ENCODING_HEADER and installKeptEncodings (instrumentation.ts) turns
 * that header into Content-Encoding on the Node response, before Next.js's compression looks (an encoded answer it
 * leaves as it is). Without that hook (a handler called directly, as in tests), keptGzip keeps nothing and answers
 * undefined: the answer goes out as text.
 */
const MAX_BYTES = Math.floor(megabytes(process.env.GZIP_ANSWER_CACHE_MB) * 1024 * 1024);
/** Next.js's compression (the `compression` package's default threshold): smaller answers go out plain. */
const THRESHOLD = 1024;

type Kept = { text: string; gzip?: Promise<Buffer> };
const kept = MAX_BYTES >= 1024
  ? new LRUCache<string, Kept>({ maxSize: MAX_BYTES, sizeCalculation: (k, key) => key.length + k.text.length + Math.ceil(k.text.length / 8) + 100 })
  : null;
const gzip = promisify(zlib.gzip);

function megabytes(value: string | undefined): number {
  const n = Number(value);
  return value === undefined || value.trim() === "" || !Number.isFinite(n) || n < 0 ? 8 : n;
}

/** The header a handler names its answer's encoding in; the Node response carries it as Content-Encoding. */
export const KEPT_ENCODING_HEADER = "x-indexwatch-content-encoding";
const INSTALLED = Symbol.for("indexwatch.keptEncodings");
type Patchable = Record<"appendHeader" | "setHeader", (this: http.ServerResponse, name: string, value: unknown) => unknown> & Record<symbol, boolean>;

/** Installs the hook on Node's responses (from instrumentation.ts, before requests): see the comment at the top. */
export function installKeptEncodings(): void {
  const proto = http.ServerResponse.prototype as unknown as Patchable;
  if (proto[INSTALLED]) return;
  for (const method of ["appendHeader", "setHeader"] as const) {
    const original = proto[method];
    proto[method] = function (this: http.ServerResponse, name, value) {
      return original.call(this, typeof name === "string" && name.toLowerCase() === KEPT_ENCODING_HEADER ? "content-encoding" : name, value);
    };
  }
  proto[INSTALLED] = true;
}

const installed = () => (http.ServerResponse.prototype as unknown as Patchable)[INSTALLED] === true;

/**
 * The gzip of `text`, when the client takes gzip, `text` is long enough to be compressed and it is the last text kept
 * under `key` (which must name the caller's tenant: keys are never shared between organizations); undefined otherwise
 * (the caller answers plain text, and Next.js compresses it as it would).
 */
export async function keptGzip(req: Request, key: string, text: string): Promise<Buffer | undefined> {
  if (!kept || req.method !== "GET" || text.length < THRESHOLD || !installed() || !prefersGzip(req.headers.get("accept-encoding"))) return undefined;
  const last = kept.get(key);
  if (!last || last.text !== text) {
    kept.set(key, { text });
    return undefined;
  }
  // Compressed in libuv's thread pool, off the event loop, as Next.js's compression stream does.
  last.gzip ??= gzip(text);
  try {
    return await last.gzip;
  } catch {
    last.gzip = undefined;
    return undefined;
  }
}

/**
 * Whether `compression` (Next.js's) would send gzip for this Accept-Encoding: gzip (or `*`) is accepted (q > 0), deflate
 * is not preferred to it (a tie goes to gzip there) and identity, if named, is ranked below it. Conservative: where it
 * could choose otherwise, false (the answer then goes the ordinary way).
 */
export function prefersGzip(header: string | null): boolean {
  if (!header) return false;
  let gzipQ: number | undefined;
  let starQ: number | undefined;
  let deflateQ = 0;
  let identityQ = 0;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.toLowerCase().split(";");
    const name = rawName.trim();
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) return false;
    if (name === "gzip") gzipQ = q;
    else if (name === "*") starQ = q;
    else if (name === "deflate") deflateQ = q;
    else if (name === "identity") identityQ = q;
  }
  const q = gzipQ ?? starQ ?? 0;
  return q > 0 && q >= deflateQ && q > identityQ;
}

/**
 * okJsonText for an answer that is often read again unchanged: sent as its kept gzip when keptGzip has one (`key` names
 * the caller's organization and what was asked), else as text.
 */
export async function okJsonTextKept(req: Request, key: string, dataJson: string, opts: OkOptions = {}): Promise<Response> {
  const text = okText(dataJson, opts);
  const gz = await keptGzip(req, key, text);
  return gz ? jsonText(new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength) as Uint8Array<ArrayBuffer>, 200, { [KEPT_ENCODING_HEADER]: "gzip" }) : jsonText(text, 200);
}
