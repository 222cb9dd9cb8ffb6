import { createHash } from "node:crypto";
import { Prisma, withTransaction, dbOf } from "@/lib/db";
import { actorUserId, type OrgCtx, type Ctx } from "@/lib/core/context";
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

  const created = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const row = await tx.urlImport.create({
      data: {
        organizationId: project.organizationId, projectId: project.id, createdByUserId: actorUserId(ctx), status: "pending",
        fileName: upload.fileName, fileSizeBytes: upload.bytes.byteLength,
        contentSha256, headerDetected,
        expiresAt: new Date(now.getTime() + IMPORT_TTL_MS),
      },
    });
    const { stored: netNewRows, excluded } = await storeNetNewRows(ctx, row.id, project.id, rows.unique);
    // The rows left out, in file order: invalid ones and URLs the owner stopped tracking (reason `excluded`).
    const rowErrors = [...rows.rowErrors, ...excluded.slice(0, MAX_ROW_ERRORS).map((e) => ({ line: e.line, reason: "excluded", value: e.url }))]
      .sort((a, b) => a.line - b.line).slice(0, MAX_ROW_ERRORS);
    return tx.urlImport.update({
      where: { id: row.id },
      data: {
        status: "ready", totalRows: rows.totalRows, validRows: rows.validRows, invalidRows: rows.invalidRows,
        duplicateInFileRows: rows.duplicateInFileRows, alreadyTrackedRows: rows.unique.length - netNewRows - excluded.length,
        excludedRows: excluded.length, netNewRows,
        rowErrors, rowErrorsTruncated: rows.invalidRows + excluded.length > MAX_ROW_ERRORS,
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
 * Stores the unique valid URLs the project does not track yet and has not excluded (the owner stopped tracking
 * them: url_exclusions), in file order, numbered by `seq` from 0 (chunk n of the commit is seq n*1000 … n*1000+999),
 * and returns how many, with the excluded ones (line and URL). One statement per batch: the candidates are joined
 * with the project's exclusions once, the net-new ones inserted and the excluded ones returned. The URLs travel as
 * one newline-joined text per batch (a normalized URL never holds a raw line break): far cheaper to bind than
 * arrays of thousands of parameters.
 */
async function storeNetNewRows(ctx: Ctx, importId: string, projectId: string, candidates: ImportCandidate[]) {
  const tx = dbOf(ctx);
  let stored = 0;
  const excluded: { line: number; url: string }[] = [];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const [r] = await tx.$queryRaw<{ stored: number; excluded: { line: number; url: string }[] }[]>(Prisma.sql`
      WITH k AS (
        SELECT c.url, c.line, c.ord, e.url IS NOT NULL AS excluded
        FROM unnest(string_to_array(${batch.map((c) => c.url).join("\n")}, E'\n'), string_to_array(${batch.map((c) => c.line).join(",")}, ',')::int[])
             WITH ORDINALITY AS c(url, line, ord)
        LEFT JOIN url_exclusions e ON e.project_id = ${projectId}::uuid AND e.url = c.url
        WHERE NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = ${projectId}::uuid AND t.url = c.url)),
      ins AS (
        INSERT INTO url_import_rows (import_id, seq, line, url)
        SELECT ${importId}::uuid, ${stored}::int + (row_number() OVER (ORDER BY k.ord))::int - 1, k.line, k.url FROM k WHERE NOT k.excluded
        RETURNING 1)
      SELECT (SELECT count(*) FROM ins)::int AS stored,
             coalesce(json_agg(json_build_object('line', k.line, 'url', k.url) ORDER BY k.ord) FILTER (WHERE k.excluded), '[]'::json) AS excluded
      FROM k`);
    stored += r.stored;
    excluded.push(...r.excluded);
  }
  return { stored, excluded };
}
