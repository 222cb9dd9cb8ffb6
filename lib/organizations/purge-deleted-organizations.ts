import { db } from "@/lib/db";

/** Organizations deleted more than 30 days ago, gone for good (their rows cascade). Answers how many. */
export async function purgeDeletedOrganizations(now = new Date()): Promise<number> {
  const { count } = await db.organization.deleteMany({ where: { deletedAt: { not: null }, deletionScheduledFor: { lte: now } } });
  return count;
}
