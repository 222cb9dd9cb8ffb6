import { db } from "@/lib/db";

/**
 * Marks a commit `completed` once all its chunks are in, and drops its staged rows. Throws (to be
 * retried) if a chunk is missing, so an import is never reported complete short of rows.
 */
export async function completeImport(importId: string, totalChunks: number, now = new Date()) {
  return db.$transaction(async (tx) => {
    const { count } = await tx.urlImport.updateMany({
      where: { id: importId, status: "committing", committedChunks: totalChunks },
      data: { status: "completed", completedAt: now },
    });
    const row = await tx.urlImport.findUniqueOrThrow({
      where: { id: importId }, select: { status: true, processedRows: true, insertedRows: true, skippedRows: true, committedChunks: true },
    });
    if (!count && row.status === "committing") throw new Error(`Import ${importId}: ${row.committedChunks} of ${totalChunks} chunks committed`);
    if (row.status === "completed") await tx.urlImportRow.deleteMany({ where: { importId } });
    return { status: row.status, processedRows: row.processedRows, insertedRows: row.insertedRows, skippedRows: row.skippedRows };
  });
}
