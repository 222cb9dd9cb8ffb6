import { db, type Tx } from "@/lib/db";

/** Tracked URLs of a project, read from the live counter (kept exact by triggers on tracked_urls). */
export async function trackedUrlCount(projectId: string, tx: Tx = db): Promise<number> {
  const stats = await tx.websiteStats.findUnique({ where: { projectId }, select: { totalUrls: true } });
  return Math.max(0, stats?.totalUrls ?? 0);
}
