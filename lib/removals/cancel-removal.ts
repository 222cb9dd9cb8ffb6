import { Prisma, withTransaction, dbOf } from "@/lib/db";
import type { OrgCtx, Ctx } from "@/lib/core/context";
import { recordUrlDetections } from "@/lib/issues/detections";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getBatchOrThrow, refreshBatch } from "./internal";
import { getRemoval } from "./read-removals";
import type { RemovalBatchResponse } from "./schemas";

/**
 * Cancels a batch: its URLs still followed are cancelled (free for another removal), their `removal_stuck`
 * memberships resolve, and its public removal sitemap answers 404 from now on. Removed URLs stay removed.
 * Cancelling a batch that is no longer active changes nothing.
 */
export async function cancelRemoval(ctx: OrgCtx, projectId: string, removalId: string, now = new Date()): Promise<RemovalBatchResponse> {
  await withTransaction(ctx, async (c) => {
    const project = await getProjectOrThrow(c, projectId);
    const batch = await getBatchOrThrow(c, project.id, removalId);
    if (batch.status === "cancelled") return;
    const ids = await cancelUrls(c, Prisma.sql`batch_id = ${batch.id}::uuid`, now, null);
    await recordUrlDetections(c, project.id, "removal_stuck", { affected: [], cleared: ids }, {}, now);
    await refreshBatch(c, batch.id, now);
    await c.tx.removalBatch.update({ where: { id: batch.id }, data: { status: "cancelled", cancelledAt: batch.cancelledAt ?? now, updatedAt: now } });
  });
  return getRemoval(ctx, projectId, removalId);
}

/** Cancels the followed URLs (pending, confirmed, stuck) matching `where`; answers their tracked URL ids. */
export async function cancelUrls(ctx: Ctx, where: Prisma.Sql, now: Date, reason: string | null): Promise<string[]> {
  const tx = dbOf(ctx);
  const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE removal_urls SET state = 'cancelled', active_tracked_url_id = NULL, cancelled_at = ${now},
      site_reason = coalesce(${reason}::text, site_reason)
    WHERE ${where} AND active_tracked_url_id IS NOT NULL
    RETURNING tracked_url_id::text AS id`);
  return rows.map((r) => r.id);
}
