import { db, Prisma } from "@/lib/db";
import { COUNTER_COLUMNS, COUNTERS } from "@/lib/stats/counters";

// One immutable WebsiteSnapshot per active project and UTC date: the live counters, taken just after the
// date ends. INSERT … ON CONFLICT DO NOTHING makes a rerun, a retried step or a second worker a no-op. A run
// that comes too late (the cron was down, a retry a day later) takes nothing: a missed day stays a gap and is
// never invented from later data.

/** After this long past the end of its date, a snapshot would describe another day: none is taken. */
export const SNAPSHOT_GRACE_MS = 6 * 3_600_000;
export const SNAPSHOT_BATCH = 1000;

/** The UTC date that ended last before `now` (YYYY-MM-DD). */
export function previousUtcDate(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}

export type SnapshotBatch = { date: string; projects: number; inserted: number; next: string | null; late: boolean };

/**
 * Snapshots one batch of active projects (id order after `afterId`) for `date`, if `now` is still within the
 * grace after the date ended. Projects created after the date ended get none for it.
 */
export async function takeSnapshotBatch(date: string, afterId: string | null, now: Date, limit = SNAPSHOT_BATCH): Promise<SnapshotBatch> {
  const dayEnd = new Date(`${date}T00:00:00.000Z`).getTime() + 86_400_000;
  if (now.getTime() < dayEnd) throw new Error(`The date ${date} has not ended yet`);
  if (now.getTime() - dayEnd > SNAPSHOT_GRACE_MS) return { date, projects: 0, inserted: 0, next: null, late: true };
  const columns = COUNTERS.map((c) => COUNTER_COLUMNS[c]);
  const rows = await db.$queryRaw<{ id: string; inserted: boolean }[]>(Prisma.sql`
    WITH batch AS (
      SELECT p.id, p.organization_id FROM projects p
      WHERE p.deleted_at IS NULL AND p.status = 'active' AND p.created_at < ${new Date(dayEnd)}
        ${afterId ? Prisma.sql`AND p.id > ${afterId}::uuid` : Prisma.empty}
      ORDER BY p.id LIMIT ${limit}
    ), ins AS (
      INSERT INTO website_snapshots (id, organization_id, project_id, date, ${Prisma.raw(columns.join(", "))}, created_at)
      SELECT gen_random_uuid(), b.organization_id, b.id, ${date}::date,
             ${Prisma.raw(columns.map((c) => `coalesce(s.${c}, 0)`).join(", "))}, ${now}
      FROM batch b LEFT JOIN website_stats s ON s.project_id = b.id
      ON CONFLICT (project_id, date) DO NOTHING
      RETURNING project_id
    )
    SELECT b.id::text AS id, EXISTS (SELECT 1 FROM ins WHERE ins.project_id = b.id) AS inserted FROM batch b ORDER BY b.id`);
  return {
    date, projects: rows.length, inserted: rows.filter((r) => r.inserted).length,
    next: rows.length === limit ? rows[rows.length - 1].id : null, late: false,
  };
}
