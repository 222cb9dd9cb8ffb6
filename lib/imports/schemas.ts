import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";

// SPEC.md Limits: an import file holds at most 50,000 rows and 5 MiB; commit inserts 1,000 rows per chunk.
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
export const COMMIT_CHUNK_ROWS = 1_000;
export const MAX_ROW_ERRORS = 1_000;
export const MAX_ROW_ERROR_VALUE = 2_048;
export const IMPORT_TTL_MS = 24 * 3600_000;

export const IMPORT_STATUSES = ["pending", "ready", "committing", "completed", "failed", "cancelled", "expired"] as const;

export const importParams = z.object({ organizationId: uuidParam, id: uuidParam, importId: uuidParam });
export const listImportsQuery = paginationQuery;
export const uploadImportQuery = z.object({
  fileName: z.string().trim().min(1).max(255).optional()
    .describe("Name recorded for a raw text/csv or text/plain body (default upload.csv / upload.txt); multipart uploads use the part's filename"),
});
export const commitImportBody = z.strictObject({ confirm: z.literal(true) });

/** The multipart form, for the OpenAPI document; raw text/csv and text/plain bodies are described beside it. */
export const uploadImportForm = z.object({
  file: z.string().meta({ format: "binary", description: "The CSV (first column) or plain-text (one URL per line) file, UTF-8, at most 5 MiB" }),
});

export const ImportRowError = z.object({
  line: z.number().int().min(1),
  reason: z.string().min(1),
  value: z.string().optional(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

const previewTotal = z.number().int().min(0).nullable();
const progress = z.number().int().min(0);
export const UrlImportResponse = z.object({
  id: z.uuid(), organizationId: z.uuid(), projectId: z.uuid(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  fileSizeBytes: z.number().int().min(0),
  contentSha256: z.string().length(64),
  headerDetected: z.boolean(),
  totalRows: previewTotal, validRows: previewTotal, invalidRows: previewTotal,
  duplicateInFileRows: previewTotal, alreadyTrackedRows: previewTotal,
  excludedRows: previewTotal.describe("Valid unique URLs the owner stopped tracking (GET …/url-exclusions): never imported; listed in `rowErrors` with reason `excluded`"),
  netNewRows: previewTotal,
  rowErrors: z.array(ImportRowError),
  processedRows: progress, insertedRows: progress, skippedRows: progress,
  error: z.string().nullable(),
  expiresAt: z.string(),
  committedAt: z.string().nullable(), completedAt: z.string().nullable(),
  createdAt: z.string(), updatedAt: z.string(),
});
export type UrlImportResponse = z.infer<typeof UrlImportResponse>;
