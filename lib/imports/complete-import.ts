import { systemCtx } from "@/lib/core/context";
import { withTransaction } from "@/lib/db";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";
import { recordEvent } from "@/lib/events/outbox";

/**
 * Marks a commit `completed` once all its chunks are in, and drops its staged rows. Throws (to be
 * retried) if a chunk is missing, so an import is never reported complete short of rows. The new
 * URLs then go to IndexNow in full batches (one request for the whole import, not one per chunk).
 */
export async function completeImport(importId: string, totalChunks: number, now = new Date()) {
  const done = await withTransaction(systemCtx("complete-import"), async (ctx) => {
    const { tx } = ctx;
    const { count } = await tx.urlImport.updateMany({
      where: { id: importId, status: "committing", committedChunks: totalChunks },
      data: { status: "completed", completedAt: now },
    });
    const row = await tx.urlImport.findUniqueOrThrow({
      where: { id: importId }, select: { organizationId: true, projectId: true, status: true, processedRows: true, insertedRows: true, skippedRows: true, committedChunks: true },
    });
    if (!count && row.status === "committing") throw new Error(`Import ${importId}: ${row.committedChunks} of ${totalChunks} chunks committed`);
    if (row.status === "completed") await tx.urlImportRow.deleteMany({ where: { importId } });
    // import.completed once: only the call that moved it to completed records it.
    if (count) {
      await recordEvent(ctx, "import.completed", {
        organizationId: row.organizationId, projectId: row.projectId, importId, insertedRows: row.insertedRows, skippedRows: row.skippedRows, completedAt: now.toISOString(),
      }, `import-completed-${importId}`);
    }
    return { projectId: row.projectId, status: row.status, processedRows: row.processedRows, insertedRows: row.insertedRows, skippedRows: row.skippedRows };
  });
  if (done.status === "completed" && done.insertedRows > 0) await requestProjectSubmission(done.projectId, "urls_admitted");
  const { projectId: _p, ...report } = done;
  return report;
}
