// The HTTP edge's one way to hand a request to a domain verb: plain values read off the Request here (headers, a bearer
// token, the body as an UploadBody), never the Request itself. Below lib/api no file knows the Fetch API's Request or
// Response (tests/architecture/http-edge.test.ts).
import type { UploadBody } from "@/lib/core/upload-body";

/** The request's body and the headers a verb reads of it; the body is read only when the verb iterates it. */
export function uploadBodyOf(req: Request): UploadBody {
  return {
    contentType: req.headers.get("content-type") ?? "",
    declaredBytes: Number(req.headers.get("content-length") ?? NaN),
    contentEncoding: req.headers.get("content-encoding"),
    chunks: req.body ? chunksOf(req.body) : null,
  };
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(req: Request): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? null;
}

/** The stream's chunks, read as they are asked for; a consumer that stops early cancels the rest of the body. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) { finished = true; return; }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
  }
}
