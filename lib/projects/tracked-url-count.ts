import type { Ctx } from "@/lib/core/context";
import { db, dbOf } from "@/lib/db";

/** Tracked URLs of a project, read from the live counter (kept exact by triggers on tracked_urls). */
export async function trackedUrlCount(projectId: string, ctx?: Ctx): Promise<number> {
  const tx = ctx ? dbOf(ctx) : db;
  const stats = await tx.websiteStats.findUnique({ where: { projectId }, select: { totalUrls: true } });
  return Math.max(0, stats?.totalUrls ?? 0);
}
