import { dbOf, type UrlImport } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { MAX_ROW_ERRORS, UrlImportResponse } from "./schemas";

/** An import of a live project of the caller's organization, or 404. */
export async function getImportOrThrow(ctx: OrgCtx, projectId: string, importId: string) {
  const row = await dbOf(ctx).urlImport.findFirst({
    where: { id: importId, projectId, organizationId: ctx.org.id, project: { deletedAt: null } },
  });
  if (!row) throw new DomainError("NOT_FOUND", "Import not found");
  return row;
}

/**
 * The public shape. A `ready` preview past its expiresAt is shown as `expired`, as a commit would
 * find it; the stored status catches up when a commit is attempted.
 */
export function toUrlImportResponse(row: UrlImport, now = new Date()): UrlImportResponse {
  const status = row.status === "ready" && row.expiresAt.getTime() < now.getTime() ? "expired" : row.status;
  return UrlImportResponse.parse({
    id: row.id, organizationId: row.organizationId, projectId: row.projectId, status, fileName: row.fileName,
    fileSizeBytes: row.fileSizeBytes, contentSha256: row.contentSha256, headerDetected: row.headerDetected,
    totalRows: row.totalRows, validRows: row.validRows, invalidRows: row.invalidRows, duplicateInFileRows: row.duplicateInFileRows,
    alreadyTrackedRows: row.alreadyTrackedRows, excludedRows: row.excludedRows, netNewRows: row.netNewRows, rowErrors: row.rowErrors,
    processedRows: row.processedRows, insertedRows: row.insertedRows, skippedRows: row.skippedRows, error: row.error,
    expiresAt: row.expiresAt.toISOString(), committedAt: iso(row.committedAt), completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  });
}

/** The envelope message: says when rowErrors holds only the first of the rows left out (invalid or excluded). */
export function importMessage(row: Pick<UrlImport, "rowErrorsTruncated" | "invalidRows" | "excludedRows">, fallback = "OK"): string {
  if (!row.rowErrorsTruncated) return fallback;
  const n = ((row.invalidRows ?? 0) + (row.excludedRows ?? 0)).toLocaleString("en-US");
  return `${fallback}; rowErrors shows the first ${MAX_ROW_ERRORS.toLocaleString("en-US")} of ${n} row errors`;
}
