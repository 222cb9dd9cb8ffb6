import { db, Prisma } from "@/lib/db";

export const HISTORY_RETENTION_DAYS = 400;
export const PURGE_CHUNK = 10_000;
/** A lease that ran out this long ago belongs to a run that died with nobody claiming the slot again. */
const STALE_CLAIM_MS = 86_400_000;

/** Deletes one chunk of URL history older than 400 days before `startedAt`; returns the rows deleted. */
export async function purgeUrlHistory(startedAt: Date): Promise<number> {
  const cutoff = new Date(startedAt.getTime() - HISTORY_RETENTION_DAYS * 86_400_000);
  return db.$executeRaw(Prisma.sql`
    DELETE FROM url_history WHERE id IN (
      SELECT id FROM url_history WHERE observed_at < ${cutoff} ORDER BY observed_at LIMIT ${PURGE_CHUNK})`);
}

/**
 * Claims whose lease ran out a day ago (their URL was deleted, or automation turned off so the slot is
 * never due again) and claims of URLs that no longer exist.
 */
export async function purgeStaleClaims(startedAt: Date): Promise<number> {
  return db.$executeRaw(Prisma.sql`
    DELETE FROM inspection_claims c
    WHERE c.leased_until < ${new Date(startedAt.getTime() - STALE_CLAIM_MS)}
       OR NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.id = c.tracked_url_id)`);
}
