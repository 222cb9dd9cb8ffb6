import { DomainError } from "@/lib/core/errors";
import { db } from "@/lib/db";
import { COMMIT_CHUNK_ROWS } from "./schemas";

export type CommitPlan = { status: string; committedChunks: number; totalChunks: number };

/** Where a commit stands: done chunks are skipped by whoever resumes it. */
export async function loadCommitPlan(ref: { importId: string; organizationId: string; projectId: string }): Promise<CommitPlan> {
  const row = await db.urlImport.findFirst({
    where: { id: ref.importId, organizationId: ref.organizationId, projectId: ref.projectId },
    select: { status: true, committedChunks: true, netNewRows: true },
  });
  if (!row) throw new DomainError("NOT_FOUND", "The import no longer exists");
  return { status: row.status, committedChunks: row.committedChunks, totalChunks: Math.ceil((row.netNewRows ?? 0) / COMMIT_CHUNK_ROWS) };
}
