import crypto from "node:crypto";
import type { Ctx, OrgCtx } from "@/lib/core/context";
import { Prisma, type InspectionCadence, dbOf } from "@/lib/db";
import { AUDIT_ISSUE_TYPES, type AuditOutcome } from "@/lib/audit/types";
import { lockProjectStats } from "@/lib/issues/counters";
import { recordUrlDetections } from "@/lib/issues/detections";
import { markUrlsChangedForIndexNow } from "@/lib/indexnow/mark-urls-changed";
import { recordRemovalSiteVerdicts } from "@/lib/removals/record-site-verdicts";
import { auditState, changedFields, inspectionFailureCode, isMaterialChange, mergeOutcome, nextInspectionAt, type StoredAudit } from "./merge-outcome";
import type { ConnectedEngines } from "@/lib/connections/connected-engines";
import { prioritySql } from "@/lib/engine-sync/check-reasons";
import type { InspectionSource } from "./schemas";
import { fieldValuesOf, recordFieldChanges, type FieldObservation } from "@/lib/site-watch/field-history";
import { pageLinksOf } from "@/lib/links/audit-links";
import { recordPageLinks, type PageLinksInput } from "@/lib/links/record-page-links";

export interface InspectedProject {
  organizationId: string;
  projectId: string;
  automatedInspectionsEnabled: boolean;
  inspectionCadence: InspectionCadence;
  /** Connected engines: each inspected URL then owes them a check (lib/engine-sync/sync-backlog.ts). */
  engines?: ConnectedEngines;
}

export interface InspectionResult {
  trackedUrlId: string;
  outcome: AuditOutcome;
  source: InspectionSource;
}

export interface AppliedInspections {
  applied: number;
  failed: number;
  /** URLs whose change went back into the IndexNow backlog (call requestProjectSubmission after commit). */
  changedForIndexNow: number;
  /** Field changes recorded (lib/site-watch/field-history.ts): when any, the caller looks for site changes after commit. */
  fieldChanges: number;
}

/**
 * Writes a batch of audit outcomes of one project in the caller's transaction: the URLs' audit and
 * inspection columns (next inspection scheduled, claims and "check again" requests done), one history entry each, the issue
 * memberships of every audit issue type, and the IndexNow backlog for material changes. Set-based:
 * a fixed number of statements per batch; URLs under removal get the site's verdict (lib/removals). URLs deleted meanwhile (or of another project) are skipped.
 */
export async function applyAuditOutcomes(ctx: OrgCtx, p: InspectedProject, results: InspectionResult[], now: Date, random?: () => number): Promise<AppliedInspections> {
  const tx = dbOf(ctx);
  if (!results.length) return { applied: 0, failed: 0, changedForIndexNow: 0, fieldChanges: 0 };
  await lockProjectStats(ctx, p.projectId);
  const ids = results.map((r) => r.trackedUrlId);
  const previous = new Map((await readStored(ctx, p.projectId, ids)).map((row) => [row.id, row]));

  const rows: Record<string, unknown>[] = [];
  const history: Record<string, unknown>[] = [];
  const material: string[] = [];
  const fields: FieldObservation[] = [];
  const links: PageLinksInput[] = [];
  const byType = new Map(AUDIT_ISSUE_TYPES.map((t) => [t, { affected: [] as { trackedUrlId: string; url: string }[], cleared: [] as string[] }]));
  let failed = 0;

  for (const { trackedUrlId: id, outcome, source } of results) {
    const before = previous.get(id);
    if (!before) continue;
    const merged = mergeOutcome(before, outcome);
    const failure = inspectionFailureCode(outcome);
    const failures = failure ? before.consecutiveInspectionFailures + 1 : 0;
    if (failure) failed++;
    const next = p.automatedInspectionsEnabled ? nextInspectionAt(now, p.inspectionCadence, failures, random) : before.nextInspectionAt;
    const changed = changedFields(before, merged);
    rows.push({
      id, ...snake(merged), fetched: outcome.fetched, failure_code: failure, failures,
      next_inspection_at: next?.toISOString() ?? null,
      requested: source === "requested" || source === "inspect_now", audit_changed: changed.length > 0,
    });
    const historyId = crypto.randomUUID();
    history.push({ hid: historyId, id, state: auditState(outcome, merged), changed, source });
    fields.push({ trackedUrlId: id, url: outcome.url, values: fieldValuesOf(outcome), auditId: historyId, source: source === "sentinel" ? "sentinel" : "audit" });
    const pageLinks = pageLinksOf(id, outcome);
    if (pageLinks) links.push(pageLinks);
    if (isMaterialChange(before, merged)) material.push(id);
    for (const type of outcome.evaluated) {
      const change = byType.get(type)!;
      if (outcome.detected.includes(type)) change.affected.push({ trackedUrlId: id, url: outcome.url });
      else change.cleared.push(id);
    }
  }
  if (!rows.length) return { applied: 0, failed: 0, changedForIndexNow: 0, fieldChanges: 0 };

  await writeColumns(ctx, p.projectId, rows, now, p.engines ?? { engineA: false, engineB: false });
  await writeHistory(ctx, p, history, now);
  const fieldChanges = (await recordFieldChanges(ctx, p, fields, now)).length;
  await recordPageLinks(ctx, p, links, now);
  for (const [type, change] of byType) await recordUrlDetections(ctx, p.projectId, type, change, { source: "audit" }, now);
  const changedForIndexNow = (material.length ? await markUrlsChangedForIndexNow(ctx, p.projectId, material, now) : 0)
    + await recordRemovalSiteVerdicts(ctx, p.projectId, results.filter((r) => previous.has(r.trackedUrlId)), now);
  const done = Prisma.sql`string_to_array(${rows.map((r) => r.id).join(",")}, ',')::uuid[]`;
  await tx.$executeRaw(Prisma.sql`DELETE FROM inspection_requests WHERE tracked_url_id = ANY(${done}) AND requested_at <= ${now}`);
  await tx.$executeRaw(Prisma.sql`DELETE FROM inspection_claims WHERE tracked_url_id = ANY(${done})`);
  return { applied: rows.length, failed, changedForIndexNow, fieldChanges };
}

async function readStored(ctx: Ctx, projectId: string, ids: string[]): Promise<StoredAudit[]> {
  const tx = dbOf(ctx);
  return tx.$queryRaw<StoredAudit[]>(Prisma.sql`
    SELECT id::text AS id, health_state::text AS "healthState", http_status AS "httpStatus", redirect_hops AS "redirectHops",
           redirect_target AS "redirectTarget", health_error AS "healthError", indexability::text AS indexability,
           canonical_url AS "canonicalUrl", meta_robots AS "metaRobots", x_robots_tag AS "xRobotsTag", last_audit_at AS "lastAuditAt",
           consecutive_inspection_failures AS "consecutiveInspectionFailures", next_inspection_at AS "nextInspectionAt"
    FROM tracked_urls
    WHERE project_id = ${projectId}::uuid AND id = ANY(string_to_array(${ids.join(",")}, ',')::uuid[])
    ORDER BY id
    FOR UPDATE`);
}

function snake(m: ReturnType<typeof mergeOutcome>) {
  return {
    health_state: m.healthState, http_status: m.httpStatus, redirect_hops: m.redirectHops, redirect_target: m.redirectTarget,
    health_error: m.healthError, indexability: m.indexability, canonical_url: m.canonicalUrl, meta_robots: m.metaRobots, x_robots_tag: m.xRobotsTag,
  };
}

/**
 * The engine check a URL earns from this inspection, as a reason (lib/engine-sync/check-reasons): never asked by
 * an engine, "check again" or inspect-now, audit changed, last seen indexed, or the rest ("inspected").
 */
const earnedReason = (engine: "engine_a" | "engine_b") => `CASE
  WHEN t.last_engine_sync_at IS NULL THEN 'never_observed' WHEN v.requested THEN 'check_again' WHEN v.audit_changed THEN 'audit_changed'
  WHEN t.${engine}_state::text = 'indexed' THEN 'last_seen_indexed' ELSE 'inspected' END`;
/** The priority it gets (the lower, the sooner inside gsc quota): a URL already owing a check keeps the more urgent of the two. */
const backlogPriority = (engine: "engine_a" | "engine_b") =>
  Prisma.raw(`LEAST(COALESCE(t.${engine}_sync_priority, 32767), ${prioritySql(earnedReason(engine))})`);
/** Google's check reason follows the priority kept: the earned one when it is more urgent than what was owed. */
const googleCheckReason = Prisma.raw(`CASE WHEN t.engine_a_sync_priority IS NULL OR ${prioritySql(earnedReason("engine_a"))} < t.engine_a_sync_priority
  THEN ${earnedReason("engine_a")} ELSE t.engine_a_check_reason END`);

async function writeColumns(ctx: Ctx, projectId: string, rows: Record<string, unknown>[], now: Date, engines: ConnectedEngines) {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET
      health_state = v.health_state::"HealthState", http_status = v.http_status, redirect_hops = v.redirect_hops,
      redirect_target = v.redirect_target, health_error = v.health_error, indexability = v.indexability::"Indexability",
      canonical_url = v.canonical_url, meta_robots = v.meta_robots, x_robots_tag = v.x_robots_tag,
      last_health_check_at = CASE WHEN v.fetched THEN ${now}::timestamptz ELSE t.last_health_check_at END,
      last_audit_at = ${now},
      last_inspection_attempt_at = ${now},
      last_inspection_success_at = CASE WHEN v.failure_code IS NULL THEN ${now}::timestamptz ELSE t.last_inspection_success_at END,
      last_inspection_failure_at = CASE WHEN v.failure_code IS NULL THEN t.last_inspection_failure_at ELSE ${now}::timestamptz END,
      last_inspection_failure_code = CASE WHEN v.failure_code IS NULL THEN t.last_inspection_failure_code ELSE v.failure_code END,
      consecutive_inspection_failures = v.failures,
      next_inspection_at = v.next_inspection_at,
      engine_a_sync_priority = ${engines.engineA ? backlogPriority("engine_a") : Prisma.raw("t.engine_a_sync_priority")},
      engine_a_check_reason = ${engines.engineA ? googleCheckReason : Prisma.raw("t.engine_a_check_reason")},
      engine_b_sync_priority = ${engines.engineB ? backlogPriority("engine_b") : Prisma.raw("t.engine_b_sync_priority")},
      updated_at = ${now}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
      id uuid, health_state text, http_status int, redirect_hops int, redirect_target text, health_error text, indexability text,
      canonical_url text, meta_robots text, x_robots_tag text, fetched boolean, failure_code text, failures int, next_inspection_at timestamptz,
      requested boolean, audit_changed boolean)
    WHERE t.id = v.id AND t.project_id = ${projectId}::uuid`);
}

async function writeHistory(ctx: Ctx, p: InspectedProject, history: Record<string, unknown>[], now: Date) {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO url_history (id, organization_id, project_id, tracked_url_id, observed_at, kind, state, changed, source)
    SELECT v.hid, ${p.organizationId}::uuid, ${p.projectId}::uuid, v.id, ${now}, 'audit', v.state,
           ARRAY(SELECT jsonb_array_elements_text(v.changed)), v.source
    FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb) AS v(hid uuid, id uuid, state jsonb, changed jsonb, source text)`);
}
