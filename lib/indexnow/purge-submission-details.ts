import { db, Prisma } from "@/lib/db";
import { DETAIL_RETENTION_MS } from "./limits";

/** Batches whose detail one purge statement deletes (up to 10,000 rows each). */
export const PURGE_BATCHES = 20;

/**
 * Deletes the per-URL detail of up to PURGE_BATCHES submissions older than 90 days (the batch
 * summaries stay); returns how many batches had detail left. The caller repeats while that is a full
 * chunk. Walks submissions by createdAt and each batch's rows by their (submission, URL) key.
 */
export async function purgeSubmissionDetails(now = new Date(), batches = PURGE_BATCHES): Promise<{ batches: number; rows: number; before: string }> {
  const before = new Date(now.getTime() - DETAIL_RETENTION_MS);
  const [r] = await db.$queryRaw<{ batches: number; rows: number }[]>(Prisma.sql`
    WITH old AS (
      SELECT b.id FROM submissions b
      WHERE b.created_at < ${before} AND EXISTS (SELECT 1 FROM submission_urls d WHERE d.submission_id = b.id)
      ORDER BY b.created_at LIMIT ${batches}
    ), gone AS (
      DELETE FROM submission_urls d USING old WHERE d.submission_id = old.id RETURNING d.submission_id
    )
    SELECT (SELECT count(*) FROM old)::int AS batches, (SELECT count(*) FROM gone)::int AS rows`);
  return { ...r, before: before.toISOString() };
}
