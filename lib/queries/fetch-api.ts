import type { PaginationMeta } from "@/lib/core/pagination";

/** An error answered by /api (or the network), carrying the envelope's stable `code`. */
export class ApiRequestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly meta?: Record<string, unknown>;

  constructor(code: string, status: number, message: string, meta?: Record<string, unknown>) {
    super(message);
    this.name = "ApiRequestError";
    this.code = code;
    this.status = status;
    this.meta = meta;
  }
}

type Envelope<T> =
  | { success: true; data: T; meta?: PaginationMeta; message: string }
  | { success: false; code: string; message: string; meta?: Record<string, unknown> };

type Options = { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; signal?: AbortSignal };

/** Calls an /api endpoint with the session cookie; answers the whole success envelope or throws. */
export async function fetchApiEnvelope<T>(path: string, { method = "GET", body, signal }: Options = {}) {
  const res = await fetch(path, {
    method,
    signal,
    credentials: "same-origin",
    // A FormData body (file uploads) sets its own multipart content type; a File or Blob is sent as it is, with its type.
    headers: {
      accept: "application/json",
      ...(body === undefined || body instanceof FormData ? {} : body instanceof Blob ? { "content-type": body.type || "application/octet-stream" } : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : body instanceof FormData || body instanceof Blob ? body : JSON.stringify(body),
  }).catch((e: unknown) => {
    if (signal?.aborted) throw e;
    throw new ApiRequestError("NETWORK_ERROR", 0, "Could not reach the server. Check your connection and try again.");
  });
  const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope) throw new ApiRequestError("INTERNAL_ERROR", res.status, `The server answered ${res.status} without a readable body.`);
  if (!envelope.success) throw new ApiRequestError(envelope.code, res.status, envelope.message, envelope.meta);
  return envelope;
}

/** Calls an /api endpoint and answers its `data`. */
export async function fetchApi<T>(path: string, options?: Options): Promise<T> {
  return (await fetchApiEnvelope<T>(path, options)).data;
}

/** The message to show for a failed query or mutation. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Something went wrong. Try again.";
}
