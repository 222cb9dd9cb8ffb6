import { Prisma, type Tx } from "@/lib/db";
import type { dbOf } from "@/lib/db";
import type { RemovalSuggestion } from "./schemas";

export const SUGGESTIONS_SHOWN = 50;

/**
 * URLs that left the sitemap and, audited since, answer 404/410 or redirect (a 3xx our audit followed): offered as
 * removals, never declared silently. URLs in an active removal, or already removed, are not offered again.
 */
export async function listSuggestions(db: Tx | ReturnType<typeof dbOf>, projectId: string): Promise<{ items: RemovalSuggestion[]; total: number }> {
  const base = Prisma.sql`
    FROM tracked_urls t
    WHERE t.project_id = ${projectId}::uuid AND t.stale_at IS NOT NULL AND t.last_audit_at >= t.stale_at
      AND ((t.http_status IN (404, 410) AND coalesce(t.redirect_hops, 0) = 0) OR (t.health_state = 'redirected' AND t.redirect_target IS NOT NULL))
      AND NOT EXISTS (SELECT 1 FROM removal_urls r WHERE r.tracked_url_id = t.id AND (r.active_tracked_url_id IS NOT NULL OR r.state = 'removed'))`;
  const [rows, [{ n }]] = await Promise.all([
    db.$queryRaw<{ id: string; url: string; http_status: number | null; redirect_target: string | null; health_state: string; stale_at: Date }[]>(Prisma.sql`
      SELECT t.id::text AS id, t.url, t.http_status, t.redirect_target, t.health_state::text AS health_state, t.stale_at ${base}
      ORDER BY t.stale_at DESC, t.url LIMIT ${SUGGESTIONS_SHOWN}`),
    db.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n ${base}`),
  ]);
  return {
    total: n,
    items: rows.map((r) => ({
      trackedUrlId: r.id, url: r.url, httpStatus: r.http_status, leftSitemapAt: r.stale_at.toISOString(),
      intent: r.health_state === "redirected" ? "redirected" as const : "gone" as const,
      redirectTarget: r.health_state === "redirected" ? r.redirect_target : null,
    })),
  };
}
