import { dbOf, Prisma, uuidArray, type RemovalBatch, type RemovalUrl, type Tx } from "@/lib/db";
import type { OrgCtx, Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { appBaseUrl } from "@/lib/core/app-base-url";
import type { ConnectedEngines } from "@/lib/connections/connected-engines";
import type { RemovalBatchResponse, RemovalUrlResponse } from "./schemas";
import { roundTenth } from "@/lib/core/round-tenth";

const DAY_MS = 86_400_000;
export const daysBetween = (from: Date | null, to: Date | null) => (from && to ? roundTenth((to.getTime() - from.getTime()) / DAY_MS) : null);

/** A batch of a live project of the caller's organization, or 404 (another organization's or project's ids read as unknown). */
export async function getBatchOrThrow(ctx: OrgCtx, projectId: string, removalId: string): Promise<RemovalBatch> {
  const batch = await dbOf(ctx).removalBatch.findFirst({
    where: { id: removalId, projectId, organizationId: ctx.org.id, project: { deletedAt: null } },
  });
  if (!batch) throw new DomainError("NOT_FOUND", "Removal not found");
  return batch;
}

export const publicSitemapUrl = (b: Pick<RemovalBatch, "status" | "publicToken">) =>
  b.status === "cancelled" ? null : `${appBaseUrl()}/api/removal-sitemaps/${b.publicToken}.xml`;

/** The reason a URL's removal is cancelled when the sitemap lists it again after the declaration (follow-removals.ts). */
export const RELISTED_REASON = "listed in the sitemap again: the removal of this URL was cancelled";

type ProgressRow = {
  batch_id: string; state: string; n: number; a_removed: number; b_removed: number; confirmed: number; off_site: number; relisted: number;
  a_median: number | null; a_max: number | null; b_median: number | null; b_max: number | null; median: number | null;
};
type ReasonRow = { batch_id: string; reason: string; n: number };
export type BatchProgress = { rows: ProgressRow[]; reasons: ReasonRow[] };

/** Per batch: URLs by state and per engine, times to removal (days), why stuck URLs are stuck. Two grouped reads. */
export async function progressOf(db: Tx | ReturnType<typeof dbOf>, batchIds: string[]): Promise<Map<string, BatchProgress>> {
  const out = new Map<string, BatchProgress>(batchIds.map((id) => [id, { rows: [], reasons: [] }]));
  if (!batchIds.length) return out;
  const ids = uuidArray(batchIds);
  const rows = await db.$queryRaw<ProgressRow[]>(Prisma.sql`
    SELECT r.batch_id::text AS batch_id, r.state::text AS state, count(*)::int AS n,
      count(r.engine_a_removed_at)::int AS a_removed, count(r.engine_b_removed_at)::int AS b_removed,
      count(*) FILTER (WHERE r.site_confirmed)::int AS confirmed,
      count(*) FILTER (WHERE r.redirect_target IS NOT NULL AND substring(r.redirect_target from '^[a-z]+://([^/?#:]+)') <> p.domain)::int AS off_site,
      count(*) FILTER (WHERE r.state = 'cancelled' AND r.site_reason = ${RELISTED_REASON})::int AS relisted,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.engine_a_removed_at - r.declared_at) / 86400)::float8 AS a_median,
      max(extract(epoch FROM r.engine_a_removed_at - r.declared_at) / 86400)::float8 AS a_max,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.engine_b_removed_at - r.declared_at) / 86400)::float8 AS b_median,
      max(extract(epoch FROM r.engine_b_removed_at - r.declared_at) / 86400)::float8 AS b_max,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.removed_at - r.declared_at) / 86400)::float8 AS median
    FROM removal_urls r JOIN projects p ON p.id = r.project_id
    WHERE r.batch_id = ANY(${ids})
    GROUP BY r.batch_id, r.state`);
  const reasons = await db.$queryRaw<ReasonRow[]>(Prisma.sql`
    SELECT batch_id::text AS batch_id, coalesce(site_reason, 'not checked yet') AS reason, count(*)::int AS n
    FROM removal_urls WHERE batch_id = ANY(${ids}) AND state = 'stuck'
    GROUP BY batch_id, coalesce(site_reason, 'not checked yet') ORDER BY n DESC, reason`);
  for (const r of rows) out.get(r.batch_id)?.rows.push(r);
  for (const r of reasons) out.get(r.batch_id)?.reasons.push(r);
  return out;
}


/** The merged median of per-state medians is not exact; removed rows live in one state, so take the removed group's, else any. */
function engineProgress(p: BatchProgress, engine: "a" | "b", connected: boolean) {
  let pending = 0, confirmedBySite = 0, removed = 0, stuck = 0;
  let median: number | null = null, max: number | null = null;
  for (const r of p.rows) {
    if (r.state === "cancelled") continue;
    const gone = engine === "a" ? r.a_removed : r.b_removed;
    removed += gone;
    const left = r.n - gone;
    if (r.state === "stuck") stuck += left;
    else if (r.state === "pending") pending += left;
    else confirmedBySite += left; // confirmed_by_site, or removed overall while this engine was not connected
    const m = engine === "a" ? r.a_median : r.b_median;
    const x = engine === "a" ? r.a_max : r.b_max;
    if (m !== null && (median === null || r.state === "removed")) median = m;
    if (x !== null) max = Math.max(max ?? 0, x);
  }
  return { connected, pending, confirmedBySite, removed, stuck, medianDaysToRemoval: roundTenth(median), maxDaysToRemoval: roundTenth(max) };
}

export function toBatchResponse(b: RemovalBatch, p: BatchProgress, engines: ConnectedEngines, projectDomain: string): RemovalBatchResponse {
  const count = (s: string) => p.rows.filter((r) => r.state === s).reduce((n, r) => n + r.n, 0);
  let offSite = p.rows.some((r) => r.off_site > 0);
  if (b.redirectTarget && !offSite) { try { offSite = new URL(b.redirectTarget).hostname !== projectDomain; } catch { offSite = true; } }
  return {
    id: b.id, projectId: b.projectId, intent: b.intent, redirectTarget: b.redirectTarget, redirectOffSite: offSite, stuckAfterDays: b.stuckAfterDays,
    status: b.status,
    counts: {
      total: p.rows.reduce((n, r) => n + r.n, 0), pending: count("pending"), confirmedBySite: count("confirmed_by_site"),
      removed: count("removed"), stuck: count("stuck"), cancelled: count("cancelled"), relisted: p.rows.reduce((n, r) => n + r.relisted, 0),
    },
    engines: { engineA: engineProgress(p, "a", engines.engineA), engineB: engineProgress(p, "b", engines.engineB) },
    medianDaysToRemoval: roundTenth(p.rows.find((r) => r.state === "removed")?.median ?? null),
    stuckReasons: p.reasons.map((r) => ({ reason: r.reason, count: r.n })),
    sitemapUrl: publicSitemapUrl(b),
    createdAt: b.createdAt.toISOString(), cancelledAt: iso(b.cancelledAt), finishedAt: iso(b.finishedAt), lastCheckedAt: iso(b.lastCheckedAt),
  };
}

export function toUrlResponse(u: RemovalUrl, intent: RemovalBatch["intent"]): RemovalUrlResponse {
  return {
    id: u.id, removalId: u.batchId, trackedUrlId: u.trackedUrlId, url: u.url, intent, redirectTarget: u.redirectTarget, state: u.state,
    site: { confirmed: u.siteConfirmed, reason: u.siteReason, httpStatus: u.siteHttpStatus, checkedAt: iso(u.siteCheckedAt) },
    engines: {
      engineA: { state: u.engineAState, observedAt: iso(u.engineAObservedAt), removedAt: iso(u.engineARemovedAt), daysToRemoval: daysBetween(u.declaredAt, u.engineARemovedAt) },
      engineB: { state: u.engineBState, observedAt: iso(u.engineBObservedAt), removedAt: iso(u.engineBRemovedAt), daysToRemoval: daysBetween(u.declaredAt, u.engineBRemovedAt) },
    },
    declaredAt: u.declaredAt.toISOString(), confirmedBySiteAt: iso(u.confirmedBySiteAt), removedAt: iso(u.removedAt), stuckAt: iso(u.stuckAt),
    cancelledAt: iso(u.cancelledAt), cancelledBecause: u.state !== "cancelled" ? null : u.siteReason === RELISTED_REASON ? "relisted" : "cancelled",
  };
}

/** The stored per-state counts of a batch, recomputed from its URLs; an active batch with nothing left to follow is finished. */
export async function refreshBatch(ctx: Ctx, batchId: string, now: Date): Promise<void> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    UPDATE removal_batches b SET
      url_count = c.total, pending_count = c.pending, confirmed_count = c.confirmed, removed_count = c.removed,
      stuck_count = c.stuck, cancelled_count = c.cancelled, engine_a_removed_count = c.a, engine_b_removed_count = c.b,
      status = CASE WHEN b.status = 'active' AND c.total > 0 AND c.pending + c.confirmed + c.stuck = 0
                    THEN (CASE WHEN c.removed > 0 THEN 'finished' ELSE 'cancelled' END)::"RemovalBatchStatus" ELSE b.status END,
      finished_at = CASE WHEN b.status = 'active' AND c.total > 0 AND c.pending + c.confirmed + c.stuck = 0 AND c.removed > 0 THEN ${now} ELSE b.finished_at END,
      cancelled_at = CASE WHEN b.status = 'active' AND c.total > 0 AND c.pending + c.confirmed + c.stuck + c.removed = 0 THEN ${now} ELSE b.cancelled_at END,
      updated_at = ${now}
    FROM (
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE state = 'pending')::int AS pending, count(*) FILTER (WHERE state = 'confirmed_by_site')::int AS confirmed,
        count(*) FILTER (WHERE state = 'removed')::int AS removed, count(*) FILTER (WHERE state = 'stuck')::int AS stuck,
        count(*) FILTER (WHERE state = 'cancelled')::int AS cancelled,
        count(engine_a_removed_at)::int AS a, count(engine_b_removed_at)::int AS b
      FROM removal_urls WHERE batch_id = ${batchId}::uuid
    ) c
    WHERE b.id = ${batchId}::uuid`);
}
