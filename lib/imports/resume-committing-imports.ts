import { db } from "@/lib/db";
import { sendEvent } from "@/lib/events/send-event";

/**
 * In-process mode keeps commit progress only in the database: at start, every import left in
 * `committing` (the process stopped mid-commit) is queued again and continues after its last
 * committed chunk. Inngest retries on its own and needs none of this.
 */
export async function resumeCommittingImports(): Promise<{ resumed: string[] }> {
  const rows = await db.urlImport.findMany({
    where: { status: "committing" },
    select: { id: true, organizationId: true, projectId: true, committedChunks: true },
    orderBy: { committedAt: "asc" },
  });
  for (const r of rows) {
    // A fresh event id per resume point: the original commit's id (the import id) is deduplicated.
    await sendEvent("url-import/commit.requested", { organizationId: r.organizationId, projectId: r.projectId, importId: r.id },
      { id: `${r.id}:resume:${r.committedChunks}` });
  }
  return { resumed: rows.map((r) => r.id) };
}
