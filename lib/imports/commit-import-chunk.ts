import { NonRetriableError } from "inngest";
import { db, Prisma, type InspectionCadence } from "@/lib/db";
import { CADENCE_MS } from "@/lib/projects/set-automation";
import { COMMIT_CHUNK_ROWS } from "./schemas";
import { timeOrderedId } from "@/lib/urls/time-ordered-id";

export type ChunkResult = { chunk: number; applied: boolean; rows: number; inserted: number; skipped: number };

type Locked = {
  status: string; committed_chunks: number; organization_id: string; project_id: string;
  deleted_at: Date | null; automated_inspections_enabled: boolean; inspection_cadence: InspectionCadence;
};

/**
 * Inserts chunk n of a committing import (rows seq n*1000 … n*1000+999) as `import` URLs, skipping
 * URLs the project tracks by now, and records the progress in the same transaction. Idempotent:
 * the import row is locked and the chunk applies only when exactly n chunks are done, so a replay
 * (or a second runner) changes nothing and counts are never doubled.
 */
export async function commitImportChunk(importId: string, n: number, now = new Date()): Promise<ChunkResult> {
  return db.$transaction(async (tx): Promise<ChunkResult> => {
    const [imp] = await tx.$queryRaw<Locked[]>(Prisma.sql`
      SELECT i.status::text AS status, i.committed_chunks, i.organization_id, i.project_id,
             p.deleted_at, p.automated_inspections_enabled, p.inspection_cadence
      FROM url_imports i JOIN projects p ON p.id = i.project_id
      WHERE i.id = ${importId}::uuid FOR UPDATE OF i`);
    if (!imp) throw new NonRetriableError("The import no longer exists");
    if (imp.status !== "committing" || imp.committed_chunks !== n) return { chunk: n, applied: false, rows: 0, inserted: 0, skipped: 0 };
    if (imp.deleted_at) throw new NonRetriableError("The project was deleted while its import was being committed");

    // New URLs of a project with scheduled inspections get their first one a cadence from now, as enabling does.
    const nextInspectionAt = imp.automated_inspections_enabled ? new Date(now.getTime() + CADENCE_MS[imp.inspection_cadence]) : null;
    const [r] = await tx.$queryRaw<{ rows: number; inserted: number }[]>(Prisma.sql`
      WITH chunk AS (
        SELECT seq, url FROM url_import_rows
        WHERE import_id = ${importId}::uuid AND seq >= ${n * COMMIT_CHUNK_ROWS} AND seq < ${(n + 1) * COMMIT_CHUNK_ROWS}
      ), ins AS (
        INSERT INTO tracked_urls (id, organization_id, project_id, url, source, next_inspection_at, discovered_at, created_at, updated_at)
        SELECT ${timeOrderedId(now, Prisma.sql`seq`)}, ${imp.organization_id}::uuid, ${imp.project_id}::uuid, url, 'import'::"UrlSource",
               ${nextInspectionAt}::timestamptz, ${now}, ${now}, ${now}
        FROM chunk ORDER BY seq
        ON CONFLICT (project_id, url) DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM chunk)::int AS rows, (SELECT count(*) FROM ins)::int AS inserted`);

    const skipped = r.rows - r.inserted;
    const { count } = await tx.urlImport.updateMany({
      where: { id: importId, status: "committing", committedChunks: n },
      data: { processedRows: { increment: r.rows }, insertedRows: { increment: r.inserted }, skippedRows: { increment: skipped }, committedChunks: n + 1 },
    });
    // Unreachable while the row lock is held; rolling back keeps the counts exact if it ever happens.
    if (count !== 1) throw new Error(`Import ${importId}: chunk ${n} raced another commit`);
    return { chunk: n, applied: true, rows: r.rows, inserted: r.inserted, skipped };
  }, { timeout: 30_000, maxWait: 10_000 });
}
