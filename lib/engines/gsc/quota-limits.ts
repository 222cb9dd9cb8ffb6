// gsc's URL-inspection quota per property: 2,000 a Pacific day and 600 a minute (ENGINES.md).
// Counted by us in the database (lib/connections/quota-store.ts). GSC_QUOTA_PER_DAY and
// GSC_QUOTA_PER_MINUTE lower the limits (a property shared with another tool, a demo, a benchmark).
export type QuotaLimits = { perDay: number; perMinute: number };
export const GSC_QUOTA: QuotaLimits = { perDay: 2000, perMinute: 600 };

const limit = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, fallback) : fallback;
};

/** The limits in force: the documented ones, or lower ones from the environment (never higher). */
export function gscQuota(env: NodeJS.ProcessEnv = process.env): QuotaLimits {
  return { perDay: limit(env.GSC_QUOTA_PER_DAY, GSC_QUOTA.perDay), perMinute: limit(env.GSC_QUOTA_PER_MINUTE, GSC_QUOTA.perMinute) };
}

/** Clock-minute bucket (UTC; Pacific offsets are whole hours, so it is the Pacific minute too). */
export function minuteKey(now: Date): string {
  return now.toISOString().slice(0, 16);
}

export function nextMinute(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
}
