import { systemCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { Prisma, withTransaction } from "@/lib/db";
import { COMMIT_CHUNK_ROWS } from "./schemas";
import { insertTrackedUrls } from "@/lib/urls/insert-tracked-urls";

export type ChunkResult = { chunk: number; applied: boolean; rows: number; inserted: number; skipped: number };

type Locked = {
  status: string; committed_chunks: number; organization_id: string; project_id: string;
  deleted_at: Date | null; automated_inspections_enabled: boolean;
};

/**
 * Inserts chunk n of a committing import (rows seq n*1000 … n*1000+999) as `import` URLs, skipping
 * URLs the project tracks by now, and records the progress in the same transaction. Idempotent:
 * the import row is locked and the chunk applies only when exactly n chunks are done, so a replay
 * (or a second runner) changes nothing and counts are never doubled.
 */
export async function commitImportChunk(importId: string, n: number, now = new Date()): Promise<ChunkResult> {
  return withTransaction(systemCtx("commit-import-chunk"), async (ctx): Promise<ChunkResult> => {
    const { tx } = ctx;
    const [imp] = await tx.$queryRaw<Locked[]>(Prisma.sql`
      SELECT i.status::text AS status, i.committed_chunks, i.organization_id, i.project_id,
             p.deleted_at, p.automated_inspections_enabled
      FROM url_imports i JOIN projects p ON p.id = i.project_id
      WHERE i.id = ${importId}::uuid FOR UPDATE OF i`);
    if (!imp) throw new DomainError("NOT_FOUND", "The import no longer exists");
    if (imp.status !== "committing" || imp.committed_chunks !== n) return { chunk: n, applied: false, rows: 0, inserted: 0, skipped: 0 };
    if (imp.deleted_at) throw new DomainError("NOT_FOUND", "The project was deleted while its import was being committed");

    const chunk = Prisma.sql`url_import_rows WHERE import_id = ${importId}::uuid AND seq >= ${n * COMMIT_CHUNK_ROWS} AND seq < ${(n + 1) * COMMIT_CHUNK_ROWS}`;
    const [{ rows }] = await tx.$queryRaw<{ rows: number }[]>(Prisma.sql`SELECT count(*)::int AS rows FROM ${chunk}`);
    const project = { id: imp.project_id, organizationId: imp.organization_id, automatedInspectionsEnabled: imp.automated_inspections_enabled };
    const inserted = await insertTrackedUrls(ctx, {
      project, source: "import", now, rows: { query: Prisma.sql`SELECT url, seq AS n, NULL::timestamptz AS lastmod FROM ${chunk} ORDER BY seq` },
    });
    const skipped = rows - inserted;
    const { count } = await tx.urlImport.updateMany({
      where: { id: importId, status: "committing", committedChunks: n },
      data: { processedRows: { increment: rows }, insertedRows: { increment: inserted }, skippedRows: { increment: skipped }, committedChunks: n + 1 },
    });
    // Unreachable while the row lock is held; rolling back keeps the counts exact if it ever happens.
    if (count !== 1) throw new Error(`Import ${importId}: chunk ${n} raced another commit`);
    return { chunk: n, applied: true, rows, inserted, skipped };
  }, { timeout: 30_000, maxWait: 10_000 });
}
