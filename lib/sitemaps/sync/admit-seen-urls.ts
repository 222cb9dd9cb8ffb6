import { Prisma, type InspectionCadence, type Tx } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { currentBalance, debitCredits } from "@/lib/credits/credit-ledger";
import { CADENCE_MS } from "@/lib/projects/set-automation";
import { LAST_SEEN_RESOLUTION_MS } from "./limits";

export type AdmissionProject = {
  id: string; organizationId: string; automatedInspectionsEnabled: boolean; inspectionCadence: InspectionCadence;
};

// A UUIDv7 from the sync's clock and the row's rank in URL order: rows go in ascending id order, so
// the inserts into every (…, discovered_at, id) index append instead of landing at random leaves.
const ID_V7 = (now: Date) => Prisma.sql`(
  lpad(to_hex((extract(epoch FROM ${now}::timestamptz) * 1000)::bigint), 12, '0') || '7'
  || lpad(to_hex((n >> 26) & 4095), 3, '0') || to_hex(8 + ((n >> 24) & 3)) || lpad(to_hex((n >> 12) & 4095), 3, '0')
  || lpad(to_hex(n & 4095), 3, '0') || substr(md5(random()::text), 1, 9))::uuid`;

/**
 * Inserts the staged URLs the project does not track yet as `sitemap` URLs and debits one credit
 * each, all or nothing: when the balance cannot cover every net-new URL, 402 INSUFFICIENT_CREDITS
 * (required, available) and the caller's transaction rolls back. Charges exactly the rows inserted
 * (a URL admitted by hand meanwhile is neither inserted nor charged).
 */
export async function admitNetNewUrls(tx: Tx, project: AdmissionProject, now: Date, actorUserId: string | null): Promise<number> {
  const [{ n: netNew }] = await tx.$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT count(*)::int AS n FROM sync_seen s
    WHERE NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = ${project.id}::uuid AND t.url = s.url)`);
  if (netNew === 0) return 0;
  const available = await currentBalance(tx, project.organizationId);
  if (available < netNew) {
    throw new ApiError("INSUFFICIENT_CREDITS", `Admitting ${netNew} new URLs needs ${netNew} credits; ${available} are available. Nothing was admitted`, { required: netNew, available });
  }

  // New URLs of a project with scheduled inspections get their first one a cadence from now, as enabling does.
  const next = project.automatedInspectionsEnabled ? new Date(now.getTime() + CADENCE_MS[project.inspectionCadence]) : null;
  const inserted = await tx.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, first_seen_in_sitemap_at, last_seen_in_sitemap_at, lastmod,
                              next_inspection_at, discovered_at, created_at, updated_at)
    SELECT ${ID_V7(now)}, ${project.organizationId}::uuid, ${project.id}::uuid, url, 'sitemap'::"UrlSource", ${now}, ${now}, lastmod,
           ${next}::timestamptz, ${now}, ${now}, ${now}
    FROM (
      SELECT s.url, s.lastmod, row_number() OVER (ORDER BY s.url) AS n FROM sync_seen s
      WHERE NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = ${project.id}::uuid AND t.url = s.url)
    ) x
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = ${project.id}::uuid AND p.deleted_at IS NULL)
    ORDER BY n
    ON CONFLICT (project_id, url) DO NOTHING`);
  await debitCredits(tx, {
    organizationId: project.organizationId, amount: inserted, kind: "sitemap_admission", reference: project.id,
    metadata: { projectId: project.id, urls: inserted }, actorUserId,
  });
  return inserted;
}

/**
 * Tracked URLs seen again: lastSeenInSitemapAt = now, lastmod from the sitemap (kept when the
 * sitemap gives none), firstSeenInSitemapAt set if it was a manual or imported URL, staleAt cleared.
 * Rows where nothing would change but a lastSeenInSitemapAt younger than LAST_SEEN_RESOLUTION_MS are
 * left alone. The ids whose staleAt was cleared go to `sync_cleared`; returns how many.
 */
export async function touchSeenUrls(tx: Tx, projectId: string, now: Date): Promise<number> {
  const refreshBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  return tx.$executeRaw(Prisma.sql`
    WITH c AS (
      SELECT t.id, t.stale_at AS old_stale_at, s.lastmod
      FROM sync_seen s JOIN tracked_urls t ON t.project_id = ${projectId}::uuid AND t.url = s.url
      WHERE t.stale_at IS NOT NULL OR t.first_seen_in_sitemap_at IS NULL OR t.last_seen_in_sitemap_at IS NULL
         OR t.last_seen_in_sitemap_at < ${refreshBefore} OR (s.lastmod IS NOT NULL AND s.lastmod IS DISTINCT FROM t.lastmod)
    ), u AS (
      UPDATE tracked_urls t SET last_seen_in_sitemap_at = ${now}, first_seen_in_sitemap_at = coalesce(t.first_seen_in_sitemap_at, ${now}),
             lastmod = coalesce(c.lastmod, t.lastmod), stale_at = NULL, updated_at = ${now}
      FROM c WHERE t.id = c.id
      RETURNING t.id, c.old_stale_at
    )
    INSERT INTO sync_cleared (id) SELECT id FROM u WHERE old_stale_at IS NOT NULL`);
}

/** URLs of sitemap origin that no sitemap lists any more (and are not stale yet) become stale now. */
export async function markMissingStale(tx: Tx, projectId: string, now: Date): Promise<number> {
  return tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET stale_at = ${now}, updated_at = ${now}
    WHERE t.project_id = ${projectId}::uuid AND t.source = 'sitemap' AND t.stale_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM sync_seen s WHERE s.url = t.url)`);
}
