import { createHash } from "node:crypto";
import { db, Prisma, type Tx } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { classifyImportRows, type ImportCandidate } from "./classify-import-rows";
import { importMessage, toUrlImportResponse } from "./internal";
import { parseImportFile, type ImportFormat } from "./parse-import-file";
import { IMPORT_TTL_MS, MAX_ROW_ERRORS } from "./schemas";

/** An uploaded file as the edge read it (lib/api/read-import-upload.ts). */
export type ImportUpload = { bytes: Uint8Array; fileName: string; format: ImportFormat };

const BATCH = 10_000;

/**
 * Previews an uploaded file against a project: totals, row errors and the net-new URLs, stored for
 * a later commit. Writes no tracked URL and debits nothing; the preview expires after 24 hours.
 */
export async function createImportPreview({ ctx, projectId, upload, now = new Date() }: { ctx: OrgCtx; projectId: string; upload: ImportUpload; now?: Date }) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { headerDetected, rows } = classifyFile(upload, project.domain);
  const contentSha256 = createHash("sha256").update(upload.bytes).digest("hex");

  const created = await db.$transaction(async (tx) => {
    const row = await tx.urlImport.create({
      data: {
        organizationId: project.organizationId, projectId: project.id, createdByUserId: actorUserId(ctx), status: "pending",
        fileName: upload.fileName, fileSizeBytes: upload.bytes.byteLength,
        contentSha256, headerDetected,
        expiresAt: new Date(now.getTime() + IMPORT_TTL_MS),
      },
    });
    const netNewRows = await storeNetNewRows(tx, row.id, project.id, rows.unique);
    return tx.urlImport.update({
      where: { id: row.id },
      data: {
        status: "ready", totalRows: rows.totalRows, validRows: rows.validRows, invalidRows: rows.invalidRows,
        duplicateInFileRows: rows.duplicateInFileRows, alreadyTrackedRows: rows.unique.length - netNewRows, netNewRows,
        rowErrors: rows.rowErrors, rowErrorsTruncated: rows.invalidRows > MAX_ROW_ERRORS,
      },
    });
  }, { timeout: 60_000, maxWait: 10_000 });
  return { data: toUrlImportResponse(created, now), message: importMessage(created, "Import preview ready") };
}

/** Parses and classifies the file; the parsed cells (and the decoded text they point into) die here. */
function classifyFile(upload: ImportUpload, domain: string) {
  const parsed = parseImportFile(upload.bytes, upload.format);
  if (!parsed.rows.length) {
    throw new DomainError("VALIDATION_ERROR", "The file holds no URL rows", { errors: [{ path: "file", message: "No data rows", code: "too_small" }] });
  }
  return { headerDetected: parsed.headerDetected, rows: classifyImportRows(parsed.rows, domain) };
}

/**
 * Stores the unique valid URLs the project does not track yet, in file order, numbered by `seq` from 0
 * (chunk n of the commit is seq n*1000 … n*1000+999), and returns how many. The URLs travel as one
 * newline-joined text per batch (a normalized URL never holds a raw line break): far cheaper to bind
 * than arrays of thousands of parameters.
 */
async function storeNetNewRows(tx: Tx, importId: string, projectId: string, candidates: ImportCandidate[]): Promise<number> {
  let stored = 0;
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    stored += await tx.$executeRaw(Prisma.sql`
      INSERT INTO url_import_rows (import_id, seq, line, url)
      SELECT ${importId}::uuid, ${stored}::int + (row_number() OVER (ORDER BY c.ord))::int - 1, c.line, c.url
      FROM unnest(string_to_array(${batch.map((c) => c.url).join("\n")}, E'\n'), string_to_array(${batch.map((c) => c.line).join(",")}, ',')::int[])
           WITH ORDINALITY AS c(url, line, ord)
      WHERE NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = ${projectId}::uuid AND t.url = c.url)`);
  }
  return stored;
}
