import type { LogImport } from "@/lib/db";
import { iso } from "@/lib/core/iso";
import { LogImportResponse } from "../schemas";

export function toLogImportResponse(r: LogImport): LogImportResponse {
  return LogImportResponse.parse({
    id: r.id, projectId: r.projectId, status: r.status, format: r.format, fileName: r.fileName, bytes: Number(r.bytes), bytesProcessed: r.status === "completed" ? Number(r.bytes) : Math.min(Number(r.byteOffset), Number(r.bytes)),
    linesRead: r.linesRead, linesParsed: r.linesParsed, crawlerHits: r.crawlerHits, verifiedHits: r.verifiedHits,
    unverifiedHits: r.unverifiedHits, otherHostHits: r.otherHostHits, rejected: r.rejected,
    rejectSamples: Array.isArray(r.rejectSamples) ? r.rejectSamples : [],
    createdAt: r.createdAt.toISOString(), startedAt: iso(r.startedAt), completedAt: iso(r.completedAt), error: r.error,
  });
}
