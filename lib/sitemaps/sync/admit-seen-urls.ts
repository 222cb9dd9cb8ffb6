import type { Ctx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { currentBalance, debitCredits } from "@/lib/credits/credit-ledger";
import { insertTrackedUrls, type InsertProject } from "@/lib/urls/insert-tracked-urls";
import { stageSeenUrls } from "./stage-seen-urls";
import type { UrlStage } from "./url-stage";

export type Admission = {
  /** Distinct on-host URLs of the walk. */
  distinct: number;
  /** Net-new URLs inserted (and charged). */
  discovered: number;
  /** URLs listed but not tracked because the owner stopped tracking them (url_exclusions): neither inserted nor charged. */
  excluded: number;
  /** Tracked URLs whose sitemap lastmod changed (IndexNow queues them through a trigger). */
  lastmodChanged: number;
  staleMarked: number;
  staleCleared: number;
};

/**
 * The admission of a walk, inside the caller's transaction: groups the staged URLs (one pass
 * against tracked_urls and the project's exclusions), then, all or nothing, inserts the net-new ones (never an excluded one) as `sitemap` URLs and debits
 * one credit each (402 INSUFFICIENT_CREDITS with required/available when the balance cannot cover
 * them; the caller's transaction rolls back), updates the tracked URLs seen again where something
 * changed, and — only when `complete` (every sitemap read to the end) — marks stale the sitemap URLs
 * no sitemap lists any more. URLs whose staleAt was cleared are left in `sync_cleared` for the issues.
 *
 * Every bulk statement joins whole sets (a million staged URLs against a project's inventory), so
 * nested loops are disabled for them: within the transaction the planner's row estimates for
 * tracked_urls lag far behind (rows inserted by this very sync are not in the statistics), and a
 * nested loop over an underestimated side is quadratic.
 */
export async function admitSeenUrls(
  ctx: Ctx, project: InsertProject, stage: UrlStage, opts: { complete: boolean; now: Date; actorUserId: string | null; files?: string[] },
): Promise<Admission> {
  const tx = dbOf(ctx);
  const { now } = opts;
  await mapSitemapFiles(ctx, project, opts.files ?? [], now);
  // Hash joins and the sort over a million staged URLs want more than the default 4 MB.
  await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
  await tx.$executeRawUnsafe(`SET LOCAL enable_nestloop = off`);
  const staged = await stageSeenUrls(ctx, stage, project.id, now);
  const available = staged.netNew ? await currentBalance(ctx, project.organizationId) : 0;
  if (available < staged.netNew) {
    throw new DomainError("INSUFFICIENT_CREDITS", `Admitting ${staged.netNew} new URLs needs ${staged.netNew} credits; ${available} are available. Nothing was admitted`, { required: staged.netNew, available });
  }

  await tx.$executeRawUnsafe(`CREATE TEMP TABLE sync_cleared (id uuid PRIMARY KEY) ON COMMIT DROP`);
  const staleCleared = staged.toTouch ? await touchSeenUrls(ctx, project.id, now) : 0;
  // Before the insert, so the anti-join does not scan the rows this sync adds.
  const staleMarked = opts.complete ? await markMissingStale(ctx, project.id, now) : 0;
  // In URL order (the physical order of sync_seen); a URL admitted by hand since the staging is neither inserted nor counted,
  // and the insert's anti-join keeps out a URL excluded since the staging.
  const discovered = staged.netNew
    ? await insertTrackedUrls(ctx, { project, source: "sitemap", now, rows: { query: Prisma.sql`SELECT url, n, lastmod, sitemap_id FROM sync_seen WHERE tracked_id IS NULL AND NOT excluded`, withSitemap: true } })
    : 0;
  await tx.$executeRawUnsafe(`SET LOCAL enable_nestloop = on`);
  if (discovered) {
    await debitCredits(ctx, {
      organizationId: project.organizationId, amount: discovered, kind: "sitemap_admission", reference: project.id,
      metadata: { projectId: project.id, urls: discovered }, actorUserId: opts.actorUserId,
    });
  }
  return { distinct: staged.distinct, discovered, excluded: staged.excluded, lastmodChanged: staged.lastmodChanged, staleMarked, staleCleared };
}

/**
 * Tracked URLs seen again with something to write (`touch`): lastSeenInSitemapAt = now, lastmod
 * from the sitemap (kept when the sitemap gives none), firstSeenInSitemapAt set if it was a manual
 * or imported URL, staleAt cleared. A re-sync within LAST_SEEN_RESOLUTION_MS that changes nothing
 * writes no row. The ids whose staleAt was cleared go to `sync_cleared`; returns how many.
 */
async function touchSeenUrls(ctx: Ctx, projectId: string, now: Date): Promise<number> {
  const tx = dbOf(ctx);
  return tx.$executeRaw(Prisma.sql`
    WITH u AS (
      UPDATE tracked_urls t SET last_seen_in_sitemap_at = ${now}, first_seen_in_sitemap_at = coalesce(t.first_seen_in_sitemap_at, ${now}),
             lastmod = coalesce(s.lastmod, t.lastmod), stale_at = NULL, sitemap_id = s.sitemap_id, updated_at = ${now}
      FROM sync_seen s WHERE s.touch AND t.id = s.tracked_id AND t.project_id = ${projectId}::uuid
      RETURNING t.id, s.was_stale
    )
    INSERT INTO sync_cleared (id) SELECT id FROM u WHERE was_stale`);
}

/**
 * URLs of sitemap origin that no sitemap lists any more (and are not stale yet) become stale now (they keep the
 * sitemap that listed them last). Manual and imported URLs that left every sitemap lose their sitemap.
 */
async function markMissingStale(ctx: Ctx, projectId: string, now: Date): Promise<number> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET sitemap_id = NULL, updated_at = ${now}
    WHERE t.project_id = ${projectId}::uuid AND t.source <> 'sitemap' AND t.sitemap_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM sync_seen s WHERE s.tracked_id = t.id)`);
  return tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET stale_at = ${now}, updated_at = ${now}
    WHERE t.project_id = ${projectId}::uuid AND t.source = 'sitemap' AND t.stale_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM sync_seen s WHERE s.tracked_id = t.id)`);
}

/**
 * `sync_files` (ord, id): the sitemap row of each file of the walk, by its ordinal (the `file` of the stage), so the
 * admission can record which sitemap listed each URL (tracked_urls.sitemap_id: the first file of the walk that
 * listed it). Files without a row yet get one here (recordSitemaps fills in the rest after the admission).
 */
async function mapSitemapFiles(ctx: Ctx, project: InsertProject, files: string[], now: Date): Promise<void> {
  const tx = dbOf(ctx);
  if (files.length) {
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO sitemaps (id, organization_id, project_id, url, created_at, updated_at)
      SELECT gen_random_uuid(), ${project.organizationId}::uuid, ${project.id}::uuid, f.url, ${now}, ${now}
      FROM unnest(${files}::text[]) AS f(url) ORDER BY f.url
      ON CONFLICT (project_id, url) DO NOTHING`);
  }
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMP TABLE sync_files ON COMMIT DROP AS
    SELECT (f.ord - 1)::int AS ord, s.id FROM unnest(${files}::text[]) WITH ORDINALITY AS f(url, ord)
    JOIN sitemaps s ON s.project_id = ${project.id}::uuid AND s.url = f.url`);
}
