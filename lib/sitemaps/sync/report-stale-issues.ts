import type { OrgCtx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";
import { recordUrlDetections } from "@/lib/issues/detections";

const PAGE = 10_000;
const TYPE = "stale_missing_from_sitemap" as const;

/**
 * Reports stale_missing_from_sitemap inside the sync's transaction. When the sync marked URLs stale,
 * every currently stale sitemap URL is reported as affected (so a group resolved by hand reopens with
 * all of them, not only the newest); URLs whose staleAt was cleared (`sync_cleared`) are reported as
 * cleared. Both in pages of 10,000, keyset-ordered, so memory stays flat.
 */
export async function reportStaleIssues(ctx: OrgCtx, projectId: string, now: Date, change: { marked: number; cleared: number }, roots: string[]) {
  const tx = dbOf(ctx);
  const metadata = { rule: "A URL of sitemap origin that no sitemap lists any more (after a sync that read every sitemap)", sitemaps: roots.slice(0, 10) };
  if (change.marked > 0) {
    let after: { discovered_at: Date; id: string } | null = null;
    for (;;) {
      // The partial index tracked_urls_stale_list_idx (project_id, discovered_at, id) WHERE stale_at IS NOT NULL serves this.
      const rows: { id: string; url: string; discovered_at: Date }[] = await tx.$queryRaw(Prisma.sql`
        SELECT id::text AS id, url, discovered_at FROM tracked_urls
        WHERE project_id = ${projectId}::uuid AND stale_at IS NOT NULL AND source = 'sitemap'
          ${after ? Prisma.sql`AND (discovered_at, id) > (${after.discovered_at}, ${after.id}::uuid)` : Prisma.empty}
        ORDER BY discovered_at, id LIMIT ${PAGE}`);
      if (!rows.length) break;
      await recordUrlDetections(ctx, projectId, TYPE, { affected: rows.map((r) => ({ trackedUrlId: r.id, url: r.url })), cleared: [] }, metadata, now);
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1];
    }
  }
  if (change.cleared > 0) {
    let after: string | null = null;
    for (;;) {
      const rows: { id: string }[] = await tx.$queryRaw(Prisma.sql`
        SELECT id::text AS id FROM sync_cleared ${after ? Prisma.sql`WHERE id > ${after}::uuid` : Prisma.empty} ORDER BY id LIMIT ${PAGE}`);
      if (!rows.length) break;
      await recordUrlDetections(ctx, projectId, TYPE, { affected: [], cleared: rows.map((r) => r.id) }, metadata, now);
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
  }
}
