import type { Ctx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";

/**
 * The audit found a material change in these URLs (for the audit area): they go back into the
 * IndexNow backlog. Runs in the caller's transaction; once it commits,
 * call requestProjectSubmission(projectId, "audit_changed"). Ids of other projects are ignored.
 * A sitemap lastmod change needs no call: a trigger on tracked_urls queues it.
 */
export async function markUrlsChangedForIndexNow(ctx: Ctx, projectId: string, trackedUrlIds: string[], now = new Date()): Promise<number> {
  const tx = dbOf(ctx);
  if (!trackedUrlIds.length) return 0;
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO index_now_queue (tracked_url_id, project_id, url, pending_at)
    SELECT t.id, t.project_id, t.url, ${now}
    FROM unnest(string_to_array(${[...new Set(trackedUrlIds)].join(",")}, ',')::uuid[]) AS u(id)
    JOIN tracked_urls t ON t.id = u.id AND t.project_id = ${projectId}::uuid
    ORDER BY t.id
    ON CONFLICT (tracked_url_id) DO UPDATE SET pending_at = EXCLUDED.pending_at`);
}
