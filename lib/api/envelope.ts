import type { PaginationMeta } from "@/lib/core/pagination";

export function json(body: unknown, status: number, headers?: Record<string, string>): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/** A JSON answer from its text, or from its gzip (`content-encoding: gzip` in `headers`). */
export function jsonText(text: string | Uint8Array<ArrayBuffer>, status: number, headers?: Record<string, string>): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export type OkOptions = { meta?: PaginationMeta | Record<string, unknown>; message?: string };

export function ok<T>(data: T, opts: OkOptions = {}): Response {
  return json({ success: true, status: 200, code: "OK", message: opts.message ?? "OK", data, ...(opts.meta ? { meta: opts.meta } : {}) }, 200);
}

/** `ok` for data that is JSON text already (a page PostgreSQL wrote): the envelope is written around it, the data is not read again. */
export function okJsonText(dataJson: string, opts: OkOptions = {}): Response {
  return jsonText(okText(dataJson, opts), 200);
}

/** The text of okJsonText's answer. */
export function okText(dataJson: string, opts: OkOptions = {}): string {
  const head = JSON.stringify({ success: true, status: 200, code: "OK", message: opts.message ?? "OK" });
  return `${head.slice(0, -1)},"data":${dataJson}${opts.meta ? `,"meta":${JSON.stringify(opts.meta)}` : ""}}`;
}

export function created<T>(data: T, message = "Created"): Response {
  return json({ success: true, status: 201, code: "OK", message, data }, 201);
}

export function errorBody(code: string, status: number, message: string, meta?: Record<string, unknown>) {
  return { success: false as const, status, code, message, ...(meta ? { meta } : {}) };
}
