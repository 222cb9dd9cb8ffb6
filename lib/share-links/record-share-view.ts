import { db } from "@/lib/db";

/** Counts one view of a live link (a revoked or expired one counts nothing). */
export async function recordShareView(linkId: string, now = new Date()): Promise<void> {
  await db.shareLink.updateMany({
    where: { id: linkId, revokedAt: null, expiresAt: { gt: now } },
    data: { viewCount: { increment: 1 }, lastViewedAt: now },
  });
}
