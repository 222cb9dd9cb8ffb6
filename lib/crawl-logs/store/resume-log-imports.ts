import { db } from "@/lib/db";
import { sendEvent } from "@/lib/events/send-event";

/**
 * In-process mode keeps a log import's progress only in the database: at start, every import left
 * queued or running (the process stopped) is queued again and continues after its last committed
 * chunk; so are pushed hits still waiting for reverse DNS. Inngest retries on its own and needs none of this.
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
  // Pushed hits set aside for reverse DNS whose job did not run (the process stopped after the push was answered).
  const pending = await db.logPushVerification.findMany({ select: { id: true, organizationId: true, projectId: true }, orderBy: { createdAt: "asc" } });
  for (const r of pending) {
    await sendEvent("crawl-logs/push.verify-requested", { organizationId: r.organizationId, projectId: r.projectId, verificationId: r.id }, { id: `${r.id}:resume:${Date.now()}` });
  }
  return { resumed: rows.map((r) => r.id) };
}
