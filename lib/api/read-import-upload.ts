import { DomainError } from "@/lib/core/errors";
import type { ImportFormat } from "@/lib/imports/parse-import-file";
import type { ImportUpload } from "@/lib/imports/create-import-preview";
import { MAX_IMPORT_BYTES } from "@/lib/imports/schemas";
import { readBodyBytes } from "./read-body";

// Room for the multipart boundaries and part headers around a file of the maximum size.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_FILE_NAME = 255;

/**
 * Reads an import upload: multipart/form-data with a `file` part, or a raw text/csv or text/plain
 * body. The size limit applies while reading, before anything is parsed: over 5 MiB of file
 * content answers 413, any other body type 415.
 */
export async function readImportUpload(req: Request, fileNameParam?: string): Promise<ImportUpload> {
  const contentType = req.headers.get("content-type") ?? "";
  const [type, ...params] = contentType.split(";").map((s) => s.trim());
  const mediaType = type.toLowerCase();
  if (mediaType === "multipart/form-data") return readMultipart(req, contentType);
  if (mediaType !== "text/csv" && mediaType !== "text/plain") {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Upload the file as multipart/form-data (field `file`) or as a text/csv or text/plain body");
  }
  const charset = params.find((p) => p.toLowerCase().startsWith("charset="))?.slice(8).replace(/"/g, "").toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8" && charset !== "us-ascii") {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Import files must be UTF-8");
  }
  const bytes = await readBodyBytes(req, MAX_IMPORT_BYTES).catch(rethrowTooLarge);
  const format: ImportFormat = mediaType === "text/csv" ? "csv" : "text";
  return { bytes: nonEmpty(bytes), fileName: cleanName(fileNameParam) ?? `upload.${format === "csv" ? "csv" : "txt"}`, format };
}

async function readMultipart(req: Request, contentType: string): Promise<ImportUpload> {
  const body = await readBodyBytes(req, MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES).catch(rethrowTooLarge);
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw fileError("The multipart body could not be read", "invalid_multipart");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw fileError("Attach the file in a multipart field named `file`", "required");
  if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
  const fileName = cleanName(file.name) ?? "upload.csv";
  return { bytes: nonEmpty(new Uint8Array(await file.arrayBuffer())), fileName, format: formatOf(fileName, file.type) };
}

/** `.txt`, or a text/plain part without a `.csv` name, is one URL per line; everything else is CSV. */
function formatOf(fileName: string, partType: string): ImportFormat {
  const name = fileName.toLowerCase();
  if (name.endsWith(".csv")) return "csv";
  if (name.endsWith(".txt")) return "text";
  return partType.split(";")[0].trim().toLowerCase() === "text/plain" ? "text" : "csv";
}

function cleanName(name: string | undefined): string | undefined {
  // Keep the base name only, without control characters.
  const base = name?.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base ? base.slice(0, MAX_FILE_NAME) : undefined;
}

function nonEmpty(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength === 0) throw fileError("The file is empty", "too_small");
  return bytes;
}

function fileError(message: string, code: string) {
  return new DomainError("VALIDATION_ERROR", message, { errors: [{ path: "file", message, code }] });
}

function tooLarge() {
  return new DomainError("PAYLOAD_TOO_LARGE", "Import files are limited to 5 MiB (5,242,880 bytes)", { limitBytes: MAX_IMPORT_BYTES });
}

function rethrowTooLarge(e: unknown): never {
  throw e instanceof DomainError && e.code === "PAYLOAD_TOO_LARGE" ? tooLarge() : e;
}
