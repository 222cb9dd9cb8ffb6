import { nextPacificMidnight, pacificDayKey } from "../pacific-time";

// The console's URL-inspection quota, counted by us per property: 2,000 a Pacific day, 600 a
// minute. The counter is plain data so that a caller can keep it in a row and update it atomically.
export type QuotaLimits = { perDay: number; perMinute: number };
export const CONSOLE_QUOTA: QuotaLimits = { perDay: 2000, perMinute: 600 };

export type QuotaUsage = { dayKey: string; usedToday: number; minuteKey: string; usedThisMinute: number };

export type QuotaDecision =
  | { allowed: true; usage: QuotaUsage }
  | { allowed: false; usage: QuotaUsage; scope: "minute" | "day"; retryAt: Date };

/** Clock-minute bucket (UTC; Pacific offsets are whole hours, so it is the Pacific minute too). */
export function minuteKey(now: Date): string {
  return now.toISOString().slice(0, 16);
}

export function nextMinute(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
}

/** When to try again after a quota refusal of this scope. */
export function quotaRetryAt(scope: "minute" | "day", now: Date): Date {
  return scope === "day" ? nextPacificMidnight(now) : nextMinute(now);
}

/** The usage rolled over to the windows that contain `now` (a new day or minute starts at zero). */
export function currentUsage(usage: QuotaUsage | null | undefined, now: Date): QuotaUsage {
  const dayKey = pacificDayKey(now);
  const minute = minuteKey(now);
  const sameDay = usage?.dayKey === dayKey;
  return {
    dayKey,
    usedToday: sameDay ? usage.usedToday : 0,
    minuteKey: minute,
    usedThisMinute: sameDay && usage.minuteKey === minute ? usage.usedThisMinute : 0,
  };
}

/** Takes `count` inspections from the property's quota, or says when the next one is allowed. */
export function reserveInspections(usage: QuotaUsage | null | undefined, now: Date, count = 1, limits = CONSOLE_QUOTA): QuotaDecision {
  const current = currentUsage(usage, now);
  if (current.usedToday + count > limits.perDay) return { allowed: false, usage: current, scope: "day", retryAt: quotaRetryAt("day", now) };
  if (current.usedThisMinute + count > limits.perMinute) return { allowed: false, usage: current, scope: "minute", retryAt: quotaRetryAt("minute", now) };
  return { allowed: true, usage: { ...current, usedToday: current.usedToday + count, usedThisMinute: current.usedThisMinute + count } };
}

/** Inspections left today for this property by our own count. */
export function remainingToday(usage: QuotaUsage | null | undefined, now: Date, limits = CONSOLE_QUOTA): number {
  return Math.max(0, limits.perDay - currentUsage(usage, now).usedToday);
}

/**
 * A daily 429 while our own count is below the limit means another tool spends the same property's
 * quota: how many it used today (0 when our count explains the refusal). `usage` counts the
 * inspections the console accepted: release the reservation of the refused one first.
 */
export function usedElsewhereToday(usage: QuotaUsage | null | undefined, now: Date, limits = CONSOLE_QUOTA): number {
  return remainingToday(usage, now, limits);
}

/** After a daily 429: the day is spent, whoever spent it. The counter records the full day. */
export function exhaustDay(usage: QuotaUsage | null | undefined, now: Date, limits = CONSOLE_QUOTA): QuotaUsage {
  return { ...currentUsage(usage, now), usedToday: limits.perDay };
}
