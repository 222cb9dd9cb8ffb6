import type { PaginationMeta } from "@/lib/core/pagination";

export function json(body: unknown, status: number, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function ok<T>(data: T, opts: { meta?: PaginationMeta | Record<string, unknown>; message?: string } = {}): Response {
  return json({ success: true, status: 200, code: "OK", message: opts.message ?? "OK", data, ...(opts.meta ? { meta: opts.meta } : {}) }, 200);
}

export function created<T>(data: T, message = "Created"): Response {
  return json({ success: true, status: 201, code: "OK", message, data }, 201);
}

export function errorBody(code: string, status: number, message: string, meta?: Record<string, unknown>) {
  return { success: false as const, status, code, message, ...(meta ? { meta } : {}) };
}
