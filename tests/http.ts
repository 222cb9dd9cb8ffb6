import type { DomainError } from "@/lib/core/errors";
import { errorResponse } from "@/lib/api/render-error";
// Calls a route handler exactly as Next.js does: a real Request, params as a promise.
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
  json?: unknown;
  rawBody?: string | Uint8Array;
  params?: Record<string, string>;
};

export type Envelope<T = unknown> = {
  success: boolean; status: number; code: string; message: string; data: T;
  meta?: { errors?: { path: string; message: string; code: string }[] } & Record<string, unknown>;
};

export async function call<T = any>(handler: Handler, opts: CallOptions = {}): Promise<{ res: Response; body: Envelope<T> }> {
  const headers = new Headers(opts.headers);
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  } else if (opts.rawBody !== undefined) {
    body = opts.rawBody as BodyInit;
  }
  const req = new Request(opts.url ?? "http://127.0.0.1:3000/api/test", { method: opts.method ?? "GET", headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : undefined };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const apiKeyHeader = (key: string) => ({ "x-api-key": key });
export const cookieHeader = (token: string) => ({ cookie: `next-auth.session-token=${token}` });

/** A domain error as the HTTP edge answers it: status from the one table, headers, code and meta. */
export function asHttp(error: unknown) {
  const e = error as DomainError;
  const res = errorResponse(e);
  return { status: res.status, retryAfter: res.headers.get("retry-after"), code: e.code, meta: e.meta };
}
