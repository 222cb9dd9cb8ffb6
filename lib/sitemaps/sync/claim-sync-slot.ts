import { db, Prisma } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { SYNC_DEBOUNCE_MS } from "./limits";

/**
 * Stamps lastSitemapSyncAt = now at the start of a sync, in one conditional UPDATE, so of two
 * concurrent syncs exactly one gets the slot; the other (and any sync within 15 minutes of the last
 * start) answers 429 SYNC_RATE_LIMITED with Retry-After. Returns the previous stamp.
 */
export async function claimSyncSlot(project: { id: string; organizationId: string }, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - SYNC_DEBOUNCE_MS);
  const [claimed] = await db.$queryRaw<{ previous: Date | null }[]>(Prisma.sql`
    UPDATE projects p SET last_sitemap_sync_at = ${now}
    FROM (SELECT id, last_sitemap_sync_at AS previous FROM projects WHERE id = ${project.id}::uuid FOR UPDATE) o
    WHERE p.id = o.id AND p.organization_id = ${project.organizationId}::uuid AND p.deleted_at IS NULL
      AND (p.last_sitemap_sync_at IS NULL OR p.last_sitemap_sync_at <= ${since})
    RETURNING o.previous`);
  if (claimed) return claimed.previous;

  const current = await db.project.findFirst({ where: { id: project.id, organizationId: project.organizationId, deletedAt: null }, select: { lastSitemapSyncAt: true } });
  if (!current) throw new DomainError("NOT_FOUND", "Project not found");
  const last = current.lastSitemapSyncAt ?? now;
  const retryAfterSeconds = Math.min(SYNC_DEBOUNCE_MS / 1000, Math.max(1, Math.ceil((last.getTime() + SYNC_DEBOUNCE_MS - now.getTime()) / 1000)));
  throw new DomainError(
    "SYNC_RATE_LIMITED",
    `The sitemaps of this project were synced less than 15 minutes ago; try again in ${retryAfterSeconds} s`,
    { retryAfterSeconds },
  );
}

/** Gives the slot back after a sync that failed on an unexpected error, unless a later sync took it since. */
export async function releaseSyncSlot(projectId: string, stampedAt: Date, previous: Date | null): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    UPDATE projects SET last_sitemap_sync_at = ${previous} WHERE id = ${projectId}::uuid AND last_sitemap_sync_at = ${stampedAt}`);
}
