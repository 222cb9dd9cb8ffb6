import { rm } from "node:fs/promises";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import type { UploadBody } from "@/lib/core/upload-body";
import { Prisma, withTransaction } from "@/lib/db";
import { sendEvent } from "@/lib/events/send-event";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toLogImportResponse } from "./log-import-response";
import { logFormatField } from "../schemas";
import { spoolUpload, type SpooledLog } from "./spool-upload";
import { enterUpload } from "./upload-budget";

/**
 * POST …/logs: the project first (404 before any byte is spooled), then one of the organization's upload slots and room
 * in its spool quota (upload-budget.ts), then the upload streamed to disk, then the queued import.
 */
export async function uploadLogImport(ctx: OrgCtx, projectId: string, upload: UploadBody) {
  await getProjectOrThrow(ctx, projectId);
  const slot = await enterUpload(ctx.org.id);
  try {
    return await createLogImport(ctx, projectId, await spoolUpload(upload, slot));
  } finally {
    slot.release();
  }
}

/** Records an uploaded (spooled) log as a queued import and queues its processing; the spool file goes if anything refuses it. */
export async function createLogImport(ctx: OrgCtx, projectId: string, upload: SpooledLog) {
  try {
    const project = await getProjectOrThrow(ctx, projectId);
    const format = upload.format === undefined ? null : logFormatField.safeParse(upload.format);
    if (format && !format.success) {
      throw validationError("Unknown log format", [{ path: "format", code: "invalid_value", message: "Use ncsa_combined, ncsa_common, w3c, cloudflare_json or json_generic, or leave it out to detect it" }]);
    }
    // One upload of a file per project at a time: the same bytes again are refused while an import of them stands.
    const row = await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${`log-upload:${project.id}`}))`);
      const first = await tx.logImport.findFirst({
        where: { projectId: project.id, sha256: upload.sha256, OR: [{ status: { not: "failed" } }, { linesRead: { gt: 0 } }] },
        orderBy: { createdAt: "asc" }, select: { id: true, fileName: true, status: true, createdAt: true },
      });
      if (first) {
        throw new DomainError("LOG_ALREADY_UPLOADED",
          `This file was already uploaded to the project (${first.fileName}, ${first.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${first.status}); its lines are counted once`,
          { logImportId: first.id, status: first.status });
      }
      return tx.logImport.create({
        data: {
          organizationId: ctx.org.id, projectId: project.id, createdByUserId: actorUserId(ctx), fileName: upload.fileName, bytes: BigInt(upload.bytes),
          gzip: upload.gzip, spoolPath: upload.spoolPath, format: format ? format.data : null, formatOverride: Boolean(format), sha256: upload.sha256,
        },
      });
    });
    await sendEvent("crawl-logs/import.requested", { organizationId: ctx.org.id, projectId: project.id, logImportId: row.id }, { id: row.id });
    return toLogImportResponse(row);
  } catch (e) {
    await rm(upload.spoolPath, { force: true });
    throw e;
  }
}
