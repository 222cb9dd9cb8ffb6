import { db } from "@/lib/db";
import { sendEvent } from "@/lib/events/send-event";

/**
 * In-process mode keeps a log import's progress only in the database: at start, every import left
 * queued or running (the process stopped) is queued again and continues after its last committed
 * chunk. Inngest retries on its own and needs none of this.
 */
export async function resumeLogImports(): Promise<{ resumed: string[] }> {
  const rows = await db.logImport.findMany({
    where: { status: { in: ["queued", "running"] } },
    select: { id: true, organizationId: true, projectId: true, linesRead: true },
    orderBy: { createdAt: "asc" },
  });
  for (const r of rows) {
    // A fresh event id per resume point: the original event's id (the import id) is deduplicated.
    await sendEvent("crawl-logs/import.requested", { organizationId: r.organizationId, projectId: r.projectId, logImportId: r.id },
      { id: `${r.id}:resume:${r.linesRead}:${Date.now()}` });
  }
  return { resumed: rows.map((r) => r.id) };
}
