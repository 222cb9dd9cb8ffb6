import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { DomainError } from "@/lib/core/errors";
import type { UploadBody } from "@/lib/core/upload-body";
import { crawlLogConfig, spoolDir } from "../config";

export type SpooledLog = { spoolPath: string; bytes: number; fileName: string; gzip: boolean; format: string | undefined; sha256: string };

/** The organization's spool budget (upload-budget.ts): refuses a body that would not fit, and the file once it outgrows it. */
export type SpoolBudget = { room(): number; add(bytes: number): DomainError | null; full(): DomainError };

const MAX_FILE_NAME = 255;

/**
 * Streams a multipart upload (`file`, optional `format`) straight to a spool file: never more than a
 * read buffer in memory, whatever the file's size; over the size cap answers 413 and removes the part
 * written. Gzip is recognised by its magic bytes, not by the name.
 */
export async function spoolUpload(upload: UploadBody, budget?: SpoolBudget): Promise<SpooledLog> {
  const { contentType, declaredBytes: declared, chunks } = upload;
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Upload the log as multipart/form-data with the file in the field `file`");
  }
  if (!chunks) throw fileError("Attach the log file in a multipart field named `file`", "required");
  const { maxUploadBytes } = crawlLogConfig();
  if (Number.isFinite(declared) && declared > maxUploadBytes + 1024 * 1024) throw tooLarge(maxUploadBytes);
  // A declared body past the organization's room is refused before a byte is read (multipart framing allowed for).
  if (budget && Number.isFinite(declared) && declared > budget.room() + 64 * 1024) throw budget.full();
  await mkdir(spoolDir(), { recursive: true });
  const spoolPath = path.join(spoolDir(), `${randomUUID()}.log`);
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fields: 4, parts: 6, fieldSize: 256, fileSize: maxUploadBytes } });
  } catch {
    throw fileError("The multipart body could not be read", "invalid_multipart");
  }
  let format: string | undefined;
  let fileName: string | undefined;
  let bytes = 0;
  let truncated = false;
  let fileDone: Promise<void> | null = null;
  const hash = createHash("sha256");
  bb.on("field", (name, value) => { if (name === "format") format = value.trim() || undefined; });
  bb.on("file", (name, stream, info) => {
    if (name !== "file" || fileDone) { stream.resume(); return; }
    fileName = cleanName(info.filename) ?? "upload.log";
    stream.on("data", (b: Buffer) => {
      bytes += b.byteLength;
      hash.update(b);
      const refusal = budget?.add(b.byteLength);
      if (refusal) { stream.destroy(refusal); bb.destroy(refusal); }
    });
    stream.on("limit", () => { truncated = true; });
    fileDone = pipeline(stream, createWriteStream(spoolPath, { highWaterMark: 1024 * 1024 }));
    fileDone.catch(() => {}); // awaited below; a body that failed first leaves it unawaited
  });
  try {
    await pipeline(chunks, bb);
    if (fileDone) await fileDone;
  } catch (e) {
    await rm(spoolPath, { force: true });
    if (e instanceof DomainError) throw e;
    throw fileError("The multipart body could not be read", "invalid_multipart");
  }
  if (truncated) { await rm(spoolPath, { force: true }); throw tooLarge(maxUploadBytes); }
  if (!fileDone || !fileName) { await rm(spoolPath, { force: true }); throw fileError("Attach the log file in a multipart field named `file`", "required"); }
  if (bytes === 0) { await rm(spoolPath, { force: true }); throw fileError("The file is empty", "too_small"); }
  return { spoolPath, bytes, fileName, gzip: await isGzip(spoolPath), format, sha256: hash.digest("hex") };
}

async function isGzip(file: string): Promise<boolean> {
  const fh = await open(file, "r");
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await fh.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

function cleanName(name: string | undefined): string | undefined {
  const base = name?.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base ? base.slice(0, MAX_FILE_NAME) : undefined;
}

function fileError(message: string, code: string) {
  return new DomainError("VALIDATION_ERROR", message, { errors: [{ path: "file", message, code }] });
}

function tooLarge(limit: number) {
  return new DomainError("PAYLOAD_TOO_LARGE", `Log uploads are limited to ${limit.toLocaleString("en-US")} bytes`, { limitBytes: limit });
}
