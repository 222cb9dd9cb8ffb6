import { db, Prisma } from "@/lib/db";
import { startOfPacificDay } from "@/lib/engines/pacific-time";

/**
 * Projects whose Search Analytics pull is due: a live gsc connection, and no complete pull since the
 * Pacific day began (a new connection has none: its 16 months are pulled at the next tick), unless a
 * quota answer or a failure asked to wait. Never pulled first, then the longest waiting.
 */
export async function listDueSearchAnalyticsProjects(now: Date = new Date()): Promise<{ organizationId: string; projectId: string }[]> {
  const dayStart = startOfPacificDay(now);
  return db.$queryRaw<{ organizationId: string; projectId: string }[]>(Prisma.sql`
    SELECT p.organization_id::text AS "organizationId", p.id::text AS "projectId" FROM projects p
    LEFT JOIN search_analytics_pulls s ON s.project_id = p.id
    WHERE p.deleted_at IS NULL AND p.gsc_refresh_token_enc IS NOT NULL AND p.gsc_property_url IS NOT NULL AND p.gsc_revoked_at IS NULL
      AND (s.project_id IS NULL OR s.property_url <> p.gsc_property_url OR s.last_pulled_at IS NULL OR s.last_pulled_at < ${dayStart})
      AND (s.not_before IS NULL OR s.not_before <= ${now})
    ORDER BY s.last_pulled_at NULLS FIRST, p.id`);
}
