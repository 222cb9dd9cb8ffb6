import { rm } from "node:fs/promises";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { validationError } from "@/lib/core/errors";
import { db } from "@/lib/db";
import { sendEvent } from "@/lib/events/send-event";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toLogImportResponse } from "./log-import-response";
import { logFormatField } from "./schemas";
import { spoolUpload, type SpooledLog } from "./spool-upload";

/** POST …/logs: the project first (404 before any byte is spooled), then the upload streamed to disk, then the queued import. */
export async function uploadLogImport(ctx: OrgCtx, projectId: string, req: Request) {
  await getProjectOrThrow(ctx, projectId);
  return createLogImport(ctx, projectId, await spoolUpload(req));
}

/** Records an uploaded (spooled) log as a queued import and queues its processing; the spool file goes if anything refuses it. */
export async function createLogImport(ctx: OrgCtx, projectId: string, upload: SpooledLog) {
  try {
    const project = await getProjectOrThrow(ctx, projectId);
    const format = upload.format === undefined ? null : logFormatField.safeParse(upload.format);
    if (format && !format.success) {
      throw validationError("Unknown log format", [{ path: "format", code: "invalid_value", message: "Use ncsa_combined, ncsa_common, w3c, cloudflare_json or json_generic, or leave it out to detect it" }]);
    }
    const row = await db.logImport.create({
      data: {
        organizationId: ctx.org.id, projectId: project.id, createdByUserId: actorUserId(ctx), fileName: upload.fileName, bytes: BigInt(upload.bytes),
        gzip: upload.gzip, spoolPath: upload.spoolPath, format: format ? format.data : null, formatOverride: Boolean(format),
      },
    });
    await sendEvent("crawl-logs/import.requested", { organizationId: ctx.org.id, projectId: project.id, logImportId: row.id }, { id: row.id });
    return toLogImportResponse(row);
  } catch (e) {
    await rm(upload.spoolPath, { force: true });
    throw e;
  }
}
