import { db } from "@/lib/db";

/** Previous secrets past their overlap, forgotten (they sign nothing any more). Answers how many. */
export async function forgetExpiredSecrets(now = new Date()): Promise<number> {
  const { count } = await db.webhookEndpoint.updateMany({
    where: { previousSecretExpiresAt: { lte: now } }, data: { previousSecretEnc: null, previousSecretExpiresAt: null },
  });
  return count;
}
