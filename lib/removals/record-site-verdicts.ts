import type { Ctx } from "@/lib/core/context";
import type { AuditOutcome } from "@/lib/audit/types";
import { Prisma, uuidArray, type RemovalIntent, dbOf } from "@/lib/db";
import { markUrlsChangedForIndexNow } from "@/lib/indexnow/mark-urls-changed";
import { refreshBatch } from "./internal";
import { judgeSite } from "./judge-site";

type Followed = { id: string; batch_id: string; tracked_url_id: string; state: string; intent: RemovalIntent; redirect_target: string | null; own_target: string | null; site_confirmed: boolean | null };

/**
 * An audit of URLs under removal made outside the removals job (Inspect now, Check again, scheduled inspections)
 * records the site's verdict on them either way, in the caller's transaction: "answers 404" as well as "still answers
 * 200". A new confirmation moves a pending URL to confirmed_by_site and puts it in the IndexNow backlog, as the
 * hourly follow does (it then finds the URL checked and confirmed, and neither audits nor notifies it again).
 * Answers how many URLs went to the IndexNow backlog (call requestProjectSubmission after commit).
 */
export async function recordRemovalSiteVerdicts(ctx: Ctx, projectId: string, audits: { trackedUrlId: string; outcome: AuditOutcome }[], now: Date): Promise<number> {
  const tx = dbOf(ctx);
  if (!audits.length) return 0;
  const rows = await tx.$queryRaw<Followed[]>(Prisma.sql`
    SELECT r.id::text AS id, r.batch_id::text AS batch_id, r.tracked_url_id::text AS tracked_url_id, r.state::text AS state, b.intent::text AS intent,
      r.redirect_target, t.redirect_target AS own_target, r.site_confirmed
    FROM removal_urls r
    JOIN removal_batches b ON b.id = r.batch_id AND b.status = 'active'
    JOIN tracked_urls t ON t.id = r.tracked_url_id
    WHERE r.project_id = ${projectId}::uuid AND r.active_tracked_url_id IS NOT NULL AND r.tracked_url_id = ANY(${uuidArray(audits.map((a) => a.trackedUrlId))})
    ORDER BY r.id FOR UPDATE OF r`);
  if (!rows.length) return 0;
  const outcomes = new Map(audits.map((a) => [a.trackedUrlId, a.outcome]));
  const changes = rows.map((r) => {
    const v = judgeSite(r.intent, r.redirect_target ?? r.own_target, outcomes.get(r.tracked_url_id)!);
    return { id: r.id, confirmed: v.confirmed, reason: v.reason, http_status: v.httpStatus, confirmed_now: v.confirmed && !r.site_confirmed };
  });
  await tx.$executeRaw(Prisma.sql`
    UPDATE removal_urls r SET
      site_confirmed = v.confirmed, site_reason = v.reason, site_http_status = v.http_status, site_checked_at = ${now},
      state = CASE WHEN r.state IN ('pending', 'confirmed_by_site') THEN (CASE WHEN v.confirmed THEN 'confirmed_by_site' ELSE 'pending' END)::"RemovalUrlState" ELSE r.state END,
      confirmed_by_site_at = CASE WHEN v.confirmed_now THEN ${now} ELSE r.confirmed_by_site_at END,
      index_now_submitted_at = CASE WHEN v.confirmed_now THEN ${now} ELSE r.index_now_submitted_at END
    FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS v(id uuid, confirmed boolean, reason text, http_status int, confirmed_now boolean)
    WHERE r.id = v.id`);
  for (const batchId of new Set(rows.map((r) => r.batch_id))) await refreshBatch(ctx, batchId, now);
  const confirmedNow = rows.filter((r, i) => changes[i].confirmed_now).map((r) => r.tracked_url_id);
  return confirmedNow.length ? markUrlsChangedForIndexNow(ctx, projectId, confirmedNow, now) : 0;
}
