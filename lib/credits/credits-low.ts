import { sendEvent } from "@/lib/events/send-event";

export function creditsLowThreshold(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CREDITS_LOW_THRESHOLD);
  return Number.isInteger(n) && n > 0 ? n : 10;
}

/**
 * Sends `credits/low` when a debit took the balance from at or above the threshold to below it.
 * Debits hold the organization row, so each crossing is seen by exactly one debit. Call after commit;
 * never throws (a lost event loses a notification, not credits).
 */
export async function notifyIfCreditsLow(organizationId: string, before: number, after: number): Promise<boolean> {
  const threshold = creditsLowThreshold();
  if (!(before >= threshold && after < threshold)) return false;
  try {
    await sendEvent("credits/low", { organizationId, balance: Math.max(0, after), threshold }, { id: `credits-low-${organizationId}-${before}-${after}-${Date.now()}` });
    return true;
  } catch (error) {
    console.error(`[credits] could not send credits/low for ${organizationId}`, error);
    return false;
  }
}
