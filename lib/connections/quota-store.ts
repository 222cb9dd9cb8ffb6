import { db, Prisma } from "@/lib/db";
import { gscQuota, minuteKey, type QuotaLimits } from "@/lib/engines/gsc";
import { parseProperty } from "@/lib/engines/property";
import { pacificDayKey } from "@/lib/engines/pacific-time";

// the gsc quota of a property, counted by us in `engine_quota_usage` (one row per property and Pacific
// day). Every reservation is one atomic statement, so parallel runs for the same property (several projects
// on one property, two ticks) never spend more than the limits between them.

/** A property's identity for the quota: "sc-domain:<host>" or "<scheme>://<host[:port]><path>/". */
export function propertyKey(siteUrl: string): string {
  const p = parseProperty(siteUrl);
  if (!p) return siteUrl.trim().toLowerCase();
  return p.kind === "domain" ? `sc-domain:${p.domain}` : `${p.protocol}//${p.host}${p.port ? `:${p.port}` : ""}${p.path}`;
}

export type Reservation = { allowed: true } | { allowed: false; scope: "day" | "minute" };

/** Takes one inspection from the property's quota, or says which window is spent. */
export async function reserveInspection(key: string, now: Date, limits: QuotaLimits = gscQuota()): Promise<Reservation> {
  const day = pacificDayKey(now);
  const minute = minuteKey(now);
  const rows = await db.$queryRaw<{ used: number }[]>(Prisma.sql`
    INSERT INTO engine_quota_usage AS q (property_key, day, used, minute_key, used_this_minute, updated_at)
    VALUES (${key}, ${day}, 1, ${minute}, 1, ${now})
    ON CONFLICT (property_key, day) DO UPDATE SET
      used = q.used + 1,
      used_this_minute = CASE WHEN q.minute_key = EXCLUDED.minute_key THEN q.used_this_minute + 1 ELSE 1 END,
      minute_key = EXCLUDED.minute_key,
      updated_at = EXCLUDED.updated_at
    WHERE NOT q.exhausted AND q.used < ${limits.perDay}
      AND (q.minute_key <> EXCLUDED.minute_key OR q.used_this_minute < ${limits.perMinute})
    RETURNING q.used`);
  if (rows.length) return { allowed: true };
  const [row] = await db.$queryRaw<{ used: number; exhausted: boolean }[]>(Prisma.sql`
    SELECT used, exhausted FROM engine_quota_usage WHERE property_key = ${key} AND day = ${day}`);
  return { allowed: false, scope: !row || row.exhausted || row.used >= limits.perDay ? "day" : "minute" };
}

/** Gives back a reservation gsc did not count (refused with a 429, or never sent). */
export async function releaseInspection(key: string, now: Date): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    UPDATE engine_quota_usage SET used = GREATEST(used - 1, 0),
      used_this_minute = CASE WHEN minute_key = ${minuteKey(now)} THEN GREATEST(used_this_minute - 1, 0) ELSE used_this_minute END,
      updated_at = ${now}
    WHERE property_key = ${key} AND day = ${pacificDayKey(now)}`);
}

/**
 * After a daily 429 (the refused reservation already released): the day is spent until the next Pacific
 * midnight. When our own count is below the limit, another tool spent the rest: recorded as used elsewhere.
 * Answers how many were used elsewhere today.
 */
export async function exhaustDay(key: string, now: Date, limits: QuotaLimits = gscQuota()): Promise<number> {
  const [row] = await db.$queryRaw<{ usedElsewhere: number }[]>(Prisma.sql`
    INSERT INTO engine_quota_usage AS q (property_key, day, used, used_elsewhere, exhausted, updated_at)
    VALUES (${key}, ${pacificDayKey(now)}, 0, ${limits.perDay}, true, ${now})
    ON CONFLICT (property_key, day) DO UPDATE SET
      exhausted = true,
      used_elsewhere = GREATEST(q.used_elsewhere, ${limits.perDay} - q.used),
      updated_at = EXCLUDED.updated_at
    RETURNING q.used_elsewhere AS "usedElsewhere"`);
  return row.usedElsewhere;
}

export type QuotaToday = { used: number; usedElsewhere: number; exhausted: boolean; limit: number; remaining: number };

/** A property's use today (Pacific day of `now`) by our own count: for GET connections and the sync's batch size. */
export async function quotaToday(siteUrl: string, now: Date, limits: QuotaLimits = gscQuota()): Promise<QuotaToday> {
  const [row] = await db.$queryRaw<{ used: number; usedElsewhere: number; exhausted: boolean }[]>(Prisma.sql`
    SELECT used, used_elsewhere AS "usedElsewhere", exhausted FROM engine_quota_usage
    WHERE property_key = ${propertyKey(siteUrl)} AND day = ${pacificDayKey(now)}`);
  const usage = row ?? { used: 0, usedElsewhere: 0, exhausted: false };
  const remaining = usage.exhausted ? 0 : Math.max(0, limits.perDay - usage.used);
  return { ...usage, used: Math.min(usage.used, limits.perDay), limit: limits.perDay, remaining };
}
