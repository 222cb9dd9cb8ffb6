import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { COUNTER_COLUMNS, COUNTERS } from "@/lib/stats/counters";
import type { WebsiteSnapshotResponse } from "./schemas";

/**
 * The project's daily snapshots of the last `days` UTC dates before today (and today's, were it taken),
 * oldest first. A missing date is simply absent: charts show it as a gap.
 */
export async function listSnapshots(ctx: OrgCtx, projectId: string, days: number, now = new Date()): Promise<WebsiteSnapshotResponse[]> {
  const project = await getProjectOrThrow(ctx, projectId);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
  // Shaped by the query itself (typed columns, ISO timestamps): up to 365 rows are answered without a parse pass.
  return db.$queryRaw<WebsiteSnapshotResponse[]>(Prisma.sql`
    SELECT id::text AS id, organization_id::text AS "organizationId", project_id::text AS "projectId", to_char(date, 'YYYY-MM-DD') AS date,
           ${Prisma.raw(COUNTERS.map((c) => `${COUNTER_COLUMNS[c]} AS "${c}"`).join(", "))},
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
    FROM website_snapshots
    WHERE project_id = ${project.id}::uuid AND organization_id = ${project.organizationId}::uuid AND date >= ${from}::date
    ORDER BY date`);
}
