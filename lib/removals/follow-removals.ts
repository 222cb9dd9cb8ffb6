import type { Ctx } from "@/lib/core/context";
import { systemCtx, type OrgCtx } from "@/lib/core/context";
import { auditUrl, createRobotsCache, type AuditOptions } from "@/lib/audit";
import { db, Prisma, uuidArray, type RemovalIntent, withTransaction, dbOf } from "@/lib/db";
import { connectedEngines, type ConnectedEngines } from "@/lib/connections/connected-engines";
import { recordEvents } from "@/lib/events/outbox";
import { lockProjectStats } from "@/lib/issues/counters";
import { recordUrlDetections } from "@/lib/issues/detections";
import { markUrlsChangedForIndexNow } from "@/lib/indexnow/mark-urls-changed";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";
import { cancelUrls } from "./cancel-removal";
import { refreshBatch, RELISTED_REASON } from "./internal";
import { judgeSite } from "./judge-site";

// Following removals (the cron in inngest/functions/removals): per project with active batches, our own audit of
// the URLs due a site check, then what the engines last said, then the state changes, events and issue, in one
// transaction per project. The engines are asked through the coverage machinery: a URL confirmed by the site owes
// each connected engine a check (reason `removal`, priority 1), which the 5-minute backlog sync spends.

const HOUR = 3_600_000;
/** A followed URL's site is audited again after this long. */
export const SITE_RECHECK_MS = 6 * HOUR;
/** A followed URL owes the engines a new check at most this often. */
export const ENGINE_RECHECK_MS = 24 * HOUR;
/** URLs audited per project and run (the rest wait for the next run, oldest check first). */
export const SITE_CHECKS_PER_RUN = 2000;
const AUDIT_CONCURRENCY = 4;

export type FollowOptions = { now?: Date; audit?: Pick<AuditOptions, "fetcher" | "robots" | "userAgent" | "timeoutMs">; siteChecksPerRun?: number };
export type FollowReport = { projects: number; siteChecked: number; confirmed: number; removed: number; stuck: number; cancelled: number };

/** Projects with an active batch, oldest check first. */
export async function listProjectsWithActiveRemovals(): Promise<{ organizationId: string; projectId: string }[]> {
  return db.$queryRaw<{ organizationId: string; projectId: string }[]>(Prisma.sql`
    SELECT b.organization_id::text AS "organizationId", b.project_id::text AS "projectId" FROM removal_batches b
    JOIN projects p ON p.id = b.project_id AND p.deleted_at IS NULL
    WHERE b.status = 'active' GROUP BY b.organization_id, b.project_id ORDER BY min(b.last_checked_at) NULLS FIRST`);
}

export async function followAllRemovals(opts: FollowOptions = {}): Promise<FollowReport> {
  const total: FollowReport = { projects: 0, siteChecked: 0, confirmed: 0, removed: 0, stuck: 0, cancelled: 0 };
  for (const ref of await listProjectsWithActiveRemovals()) {
    try {
      const r = await followProjectRemovals(systemCtx("follow-removals", ref.organizationId), ref.projectId, opts);
      for (const k of Object.keys(total) as (keyof FollowReport)[]) total[k] += r[k];
    } catch (e) {
      console.error(`[removals] following the removals of project ${ref.projectId} failed`, e);
    }
  }
  return total;
}

type Followed = {
  id: string; batch_id: string; tracked_url_id: string; url: string; state: "pending" | "confirmed_by_site" | "stuck"; intent: RemovalIntent;
  redirect_target: string | null; own_target: string | null; stuck_after_days: number; declared_at: Date; site_confirmed: boolean | null; site_reason: string | null;
  site_checked_at: Date | null; engine_check_owed_at: Date | null; engine_a_removed_at: Date | null; engine_b_removed_at: Date | null;
  back_in_sitemap: boolean; a_state: string; a_source: string | null; a_at: Date | null; b_state: string; b_at: Date | null;
};

const B_GONE = new Set(["not_indexed", "blocked", "error"]);

type SiteVerdict = ReturnType<typeof judgeSite>;
type Change = {
  id: string; state: Followed["state"] | "removed"; siteConfirmed: boolean | null; siteReason: string | null; siteHttpStatus: number | null | undefined;
  siteCheckedAt: Date | null; confirmedAt: boolean; aRemovedAt: Date | null; bRemovedAt: Date | null; removedAt: Date | null; stuckAt: boolean; owe: boolean;
};

/** One project's followed URLs: audit, read the engines, move states. Never throws for one URL's audit. */
export async function followProjectRemovals(ctx: OrgCtx, projectId: string, opts: FollowOptions = {}): Promise<FollowReport> {
  const now = opts.now ?? new Date();
  const report: FollowReport = { projects: 1, siteChecked: 0, confirmed: 0, removed: 0, stuck: 0, cancelled: 0 };
  const engines = await connectedEngines(ctx, projectId);
  const urls = await followed(projectId);
  if (!urls.length) return report;

  // 1. Our own audit, for URLs due one (never checked first), outside any transaction.
  const verdicts = await auditDueUrls(urls, now, opts);
  report.siteChecked = verdicts.size;

  // 2. Decide, then write everything in one transaction.
  const backInSitemap = urls.filter((u) => u.back_in_sitemap).map((u) => u.id);
  const changes = urls.filter((u) => !u.back_in_sitemap).map((u) => decide(u, verdicts.get(u.id), engines, now));
  const byId = new Map(urls.map((u) => [u.id, u]));

  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockProjectStats(ctx, projectId);
    if (backInSitemap.length) {
      report.cancelled += (await cancelUrls(ctx, Prisma.sql`id = ANY(${uuidArray(backInSitemap)})`, now, RELISTED_REASON)).length;
    }
    await writeChanges(ctx, changes, now);
    // The engines are asked through the coverage backlog, at the "check again" priority, reason `removal`.
    const owed = changes.filter((c) => c.owe).map((c) => byId.get(c.id)!.tracked_url_id);
    await oweEngineChecks(ctx, projectId, owed, engines);

    // The site now says it: IndexNow tells the engines to re-fetch, as for a changed page.
    const confirmedNow = changes.filter((c) => c.confirmedAt).map((c) => byId.get(c.id)!);
    if (confirmedNow.length) {
      await markUrlsChangedForIndexNow(ctx, projectId, confirmedNow.map((u) => u.tracked_url_id), now);
      await tx.$executeRaw(Prisma.sql`UPDATE removal_urls SET index_now_submitted_at = ${now} WHERE id = ANY(${uuidArray(confirmedNow.map((u) => u.id))})`);
    }
    report.confirmed += confirmedNow.length;

    const { removed, stuck } = await recordOutcomes(ctx, projectId, changes, byId, engines, now);
    report.removed += removed.length;
    report.stuck += stuck.length;
    // removal_stuck: every URL stuck now is affected (so a resolved group reopens); removed and cancelled ones clear.
    const stuckUrls = changes.filter((c) => c.state === "stuck").map((c) => byId.get(c.id)!);
    const cleared = [...removed.map((c) => byId.get(c.id)!.tracked_url_id), ...backInSitemap.map((id) => byId.get(id)!.tracked_url_id)];
    await recordUrlDetections(ctx, projectId, "removal_stuck", { affected: stuckUrls.map((u) => ({ trackedUrlId: u.tracked_url_id, url: u.url })), cleared },
      { stuckAfterDays: Math.min(...urls.map((u) => u.stuck_after_days)) }, now);
    // A stuck URL whose site is confirmed reads "Google still indexes it" rather than the audit's words.
    for (const c of stuckUrls.length ? changes.filter((x) => x.state === "stuck" && x.siteConfirmed) : []) {
      await tx.removalUrl.update({ where: { id: c.id }, data: { siteReason: stuckReason(c, engines) } });
    }
    for (const batchId of new Set(urls.map((u) => u.batch_id))) {
      await refreshBatch(ctx, batchId, now);
      await tx.removalBatch.update({ where: { id: batchId }, data: { lastCheckedAt: now } });
    }
  }, { timeout: 60_000 });

  if (report.confirmed) await requestProjectSubmission(projectId, "audit_changed");
  return report;
}

/** Our audit of the URLs due a site check (never checked first, at most siteChecksPerRun), a few at a time: each one's verdict by id. */
async function auditDueUrls(urls: Followed[], now: Date, opts: FollowOptions): Promise<Map<string, SiteVerdict>> {
  const due = urls.filter((u) => !u.back_in_sitemap && (!u.site_checked_at || now.getTime() - u.site_checked_at.getTime() >= SITE_RECHECK_MS))
    .sort((a, b) => (a.site_checked_at?.getTime() ?? 0) - (b.site_checked_at?.getTime() ?? 0))
    .slice(0, opts.siteChecksPerRun ?? SITE_CHECKS_PER_RUN);
  const robots = opts.audit?.robots ?? createRobotsCache(opts.audit?.fetcher ? { fetcher: opts.audit.fetcher } : {});
  const verdicts = new Map<string, SiteVerdict>();
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(AUDIT_CONCURRENCY, due.length) }, async () => {
    while (next < due.length) {
      const u = due[next++];
      const outcome = await auditUrl(u.url, { ...opts.audit, robots, now: () => now });
      verdicts.set(u.id, judgeSite(u.intent, u.redirect_target ?? u.own_target, outcome));
    }
  }));
  return verdicts;
}

/**
 * A followed URL's next state from the site's verdict (this run's, else the last one) and what the connected engines last
 * said: removed once every connected engine dropped it after the declaration, stuck past its batch's days, and whether
 * the engines are owed a new check.
 */
function decide(u: Followed, v: SiteVerdict | undefined, engines: ConnectedEngines, now: Date): Change {
  const siteConfirmed = v ? v.confirmed : u.site_confirmed;
  const siteReason = v ? v.reason : u.site_reason;
  const aRemovedAt = u.engine_a_removed_at ?? (engines.engineA && u.a_source === "inspection" && u.a_at && u.a_at > u.declared_at && u.a_state !== "indexed" ? u.a_at : null);
  const bRemovedAt = u.engine_b_removed_at ?? (engines.engineB && u.b_at && u.b_at > u.declared_at && B_GONE.has(u.b_state) ? u.b_at : null);
  const anyEngine = engines.engineA || engines.engineB;
  const removed = anyEngine && (!engines.engineA || aRemovedAt) && (!engines.engineB || bRemovedAt);
  const removedAt = removed ? new Date(Math.max(aRemovedAt?.getTime() ?? 0, bRemovedAt?.getTime() ?? 0)) : null;
  const overdue = now.getTime() >= u.declared_at.getTime() + u.stuck_after_days * 24 * HOUR;
  const state: Change["state"] = removed ? "removed" : overdue && anyEngine ? "stuck" : siteConfirmed ? "confirmed_by_site" : "pending";
  const owe = !removed && Boolean(siteConfirmed || state === "stuck") && anyEngine
    && (!u.engine_check_owed_at || now.getTime() - u.engine_check_owed_at.getTime() >= ENGINE_RECHECK_MS);
  return {
    id: u.id, state, siteConfirmed, siteReason, siteHttpStatus: v?.httpStatus, siteCheckedAt: v ? now : u.site_checked_at,
    confirmedAt: Boolean(siteConfirmed && !u.site_confirmed), aRemovedAt, bRemovedAt, removedAt, stuckAt: state === "stuck" && u.state !== "stuck", owe,
  };
}

/** The decided states written to removal_urls in one statement, with the engines' latest states beside them. */
async function writeChanges(ctx: Ctx, changes: Change[], now: Date): Promise<void> {
  if (!changes.length) return;
  await dbOf(ctx).$executeRaw(Prisma.sql`
    UPDATE removal_urls r SET
      state = v.state::"RemovalUrlState",
      active_tracked_url_id = CASE WHEN v.state = 'removed' THEN NULL ELSE r.active_tracked_url_id END,
      site_confirmed = v.site_confirmed, site_reason = v.site_reason,
      site_http_status = CASE WHEN v.checked THEN v.site_http_status ELSE r.site_http_status END,
      site_checked_at = v.site_checked_at,
      confirmed_by_site_at = CASE WHEN v.confirmed_now THEN ${now} ELSE r.confirmed_by_site_at END,
      engine_a_removed_at = v.a_removed_at, engine_b_removed_at = v.b_removed_at, removed_at = v.removed_at,
      stuck_at = CASE WHEN v.stuck_now THEN ${now} WHEN v.state = 'removed' THEN r.stuck_at ELSE r.stuck_at END,
      engine_check_owed_at = CASE WHEN v.owe THEN ${now} ELSE r.engine_check_owed_at END,
      engine_a_state = t.engine_a_state::text, engine_a_observed_at = t.engine_a_observed_at,
      engine_b_state = t.engine_b_state::text, engine_b_observed_at = t.engine_b_observed_at
    FROM jsonb_to_recordset(${JSON.stringify(changes.map((c) => ({
      id: c.id, state: c.state, site_confirmed: c.siteConfirmed, site_reason: c.siteReason, checked: c.siteHttpStatus !== undefined,
      site_http_status: c.siteHttpStatus ?? null, site_checked_at: c.siteCheckedAt, confirmed_now: c.confirmedAt, a_removed_at: c.aRemovedAt,
      b_removed_at: c.bRemovedAt, removed_at: c.removedAt, stuck_now: c.stuckAt, owe: c.owe,
    })))}::jsonb) AS v(id uuid, state text, site_confirmed boolean, site_reason text, checked boolean, site_http_status int, site_checked_at timestamptz,
         confirmed_now boolean, a_removed_at timestamptz, b_removed_at timestamptz, removed_at timestamptz, stuck_now boolean, owe boolean)
    JOIN removal_urls r2 ON r2.id = v.id
    JOIN tracked_urls t ON t.id = r2.tracked_url_id
    WHERE r.id = v.id`);
}

/** The url.removed and removal.stuck events of the URLs removed and stuck in this run; answers those URLs' changes. */
async function recordOutcomes(ctx: OrgCtx, projectId: string, changes: Change[], byId: Map<string, Followed>, engines: ConnectedEngines, now: Date): Promise<{ removed: Change[]; stuck: Change[] }> {
  const removed = changes.filter((c) => c.state === "removed");
  await recordEvents(ctx, "url.removed", removed.map((c) => {
    const u = byId.get(c.id)!;
    return {
      eventId: `url-removed-${c.id}`,
      data: {
        organizationId: ctx.org.id, projectId, removalId: u.batch_id, trackedUrlId: u.tracked_url_id, url: u.url, intent: u.intent, declaredAt: u.declared_at.toISOString(),
        removedAt: c.removedAt!.toISOString(), engineARemovedAt: c.aRemovedAt?.toISOString() ?? null, engineBRemovedAt: c.bRemovedAt?.toISOString() ?? null,
      },
    };
  }));
  const stuck = changes.filter((c) => c.stuckAt);
  await recordEvents(ctx, "removal.stuck", stuck.map((c) => {
    const u = byId.get(c.id)!;
    return {
      eventId: `removal-stuck-${c.id}`,
      data: {
        organizationId: ctx.org.id, projectId, removalId: u.batch_id, trackedUrlId: u.tracked_url_id, url: u.url, intent: u.intent, reason: stuckReason(c, engines),
        declaredAt: u.declared_at.toISOString(), stuckAt: now.toISOString(), stuckAfterDays: u.stuck_after_days,
      },
    };
  }));
  return { removed, stuck };
}

function stuckReason(c: { siteConfirmed: boolean | null; siteReason: string | null; aRemovedAt: Date | null; bRemovedAt: Date | null }, engines: ConnectedEngines): string {
  if (!c.siteConfirmed) return c.siteReason ?? "not checked by our audit yet";
  const still = [engines.engineA && !c.aRemovedAt ? "Google" : null, engines.engineB && !c.bRemovedAt ? "Bing" : null].filter(Boolean);
  const site = c.siteReason && !/still (indexes|lists)/.test(c.siteReason) ? `the page ${c.siteReason}, ` : "";
  return `${site}but ${still.join(" and ") || "the engines"} still ${still.length > 1 ? "index" : "indexes"} it`;
}

/** Connected engines owe these URLs a check at priority 1 (reason `removal`), unless one as urgent is already owed. */
async function oweEngineChecks(ctx: Ctx, projectId: string, trackedUrlIds: string[], engines: ConnectedEngines): Promise<void> {
  const tx = dbOf(ctx);
  if (!trackedUrlIds.length || (!engines.engineA && !engines.engineB)) return;
  const ids = uuidArray(trackedUrlIds);
  const p = 1;
  if (engines.engineA) {
    await tx.$executeRaw(Prisma.sql`
      UPDATE tracked_urls SET engine_a_sync_priority = ${p}, engine_a_check_reason = 'removal'
      WHERE project_id = ${projectId}::uuid AND id = ANY(${ids}) AND (engine_a_sync_priority IS NULL OR engine_a_sync_priority > ${p})`);
  }
  if (engines.engineB) {
    await tx.$executeRaw(Prisma.sql`
      UPDATE tracked_urls SET engine_b_sync_priority = ${p}
      WHERE project_id = ${projectId}::uuid AND id = ANY(${ids}) AND (engine_b_sync_priority IS NULL OR engine_b_sync_priority > ${p})`);
  }
}

async function followed(projectId: string): Promise<Followed[]> {
  return db.$queryRaw<Followed[]>(Prisma.sql`
    SELECT r.id::text AS id, r.batch_id::text AS batch_id, r.tracked_url_id::text AS tracked_url_id, r.url, r.state::text AS state, b.intent::text AS intent,
      r.redirect_target, t.redirect_target AS own_target, b.stuck_after_days, r.declared_at, r.site_confirmed, r.site_reason, r.site_checked_at,
      r.engine_check_owed_at, r.engine_a_removed_at, r.engine_b_removed_at,
      (t.last_seen_in_sitemap_at > r.declared_at AND t.stale_at IS NULL) AS back_in_sitemap,
      t.engine_a_state::text AS a_state, t.engine_a_state_source::text AS a_source, t.engine_a_observed_at AS a_at,
      t.engine_b_state::text AS b_state, t.engine_b_observed_at AS b_at
    FROM removal_urls r
    JOIN removal_batches b ON b.id = r.batch_id AND b.status = 'active'
    JOIN tracked_urls t ON t.id = r.tracked_url_id
    WHERE r.project_id = ${projectId}::uuid AND r.active_tracked_url_id IS NOT NULL
    ORDER BY r.id`);
}
