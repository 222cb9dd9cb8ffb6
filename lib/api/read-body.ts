import { DomainError } from "@/lib/core/errors";
import { readUploadBytes } from "@/lib/core/upload-body";
import { uploadBodyOf } from "./request-input";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Reads a request body as bytes, refusing bodies over `limit` without buffering them whole. */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array> {
  return readUploadBytes(uploadBodyOf(req), limit, () => tooLarge(limit));
}

function tooLarge(limit: number) {
  return new DomainError("PAYLOAD_TOO_LARGE", `Request body exceeds ${limit} bytes`, { limitBytes: limit });
}

/** The one JSON reader: wrong content type → 415, oversized → 413, malformed → 400. */
export async function readJson(req: Request, { optional = false, limit = MAX_JSON_BODY_BYTES }: { optional?: boolean; limit?: number } = {}): Promise<unknown> {
  const bytes = await readBodyBytes(req, limit);
  if (bytes.byteLength === 0) {
    if (optional) return undefined;
    throw new DomainError("VALIDATION_ERROR", "A JSON request body is required", { errors: [{ path: "", message: "Required", code: "invalid_type" }] });
  }
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json");
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new DomainError("VALIDATION_ERROR", "The request body is not valid JSON", { errors: [{ path: "", message: "Malformed JSON", code: "invalid_json" }] });
  }
}
