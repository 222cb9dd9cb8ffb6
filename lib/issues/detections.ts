import type { Ctx, OrgCtx } from "@/lib/core/context";
import { Prisma, type IssueSeverity, type IssueType, dbOf } from "@/lib/db";
import { recordEvent } from "@/lib/events/outbox";
import { lockProjectStats, refreshIssueCounters } from "./counters";
import { SAMPLE_URLS } from "./schemas";
import { severityOf } from "./severity";

// The one place detectors report to. Callers pass their context, their own transaction in it (withTransaction;
// READ COMMITTED, the default), so issue state commits with the state that caused it: the context's organization
// owns the project. Every call locks the project's stats row first (counters.ts); a caller that also updates
// tracked_urls rows should call lockProjectStats itself before those updates, so that it takes the locks in the same order as everyone else.
export type UrlRef = { trackedUrlId: string; url: string };

/**
 * A project-level problem is present now. Creates the group on first detection (metadata frozen
 * then), updates lastDetectedAt, reopens a resolved group; an ignored group stays ignored.
 */
export async function detectProjectIssue(ctx: OrgCtx, projectId: string, type: IssueType, metadata: Record<string, unknown>, now: Date): Promise<void> {
  await lockProjectStats(ctx, projectId);
  const { id, prior } = await upsertGroup(ctx, projectId, type, metadata, now);
  await emitTransition(ctx, projectId, id, prior, now);
  await refreshIssueCounters(ctx, projectId);
}

/** The project-level problem is gone: an open group resolves itself. No-op otherwise. */
export async function clearProjectIssue(ctx: OrgCtx, projectId: string, type: IssueType, now: Date): Promise<void> {
  const tx = dbOf(ctx);
  await lockProjectStats(ctx, projectId);
  const resolved = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE issues SET status = 'resolved', resolved_at = ${now}, updated_at = now()
    WHERE project_id = ${projectId}::uuid AND type = ${type}::"IssueType" AND status = 'open'
    RETURNING id::text AS id`);
  for (const { id } of resolved) await emitTransition(ctx, projectId, id, "open", now);
  if (resolved.length) await refreshIssueCounters(ctx, projectId);
}

/**
 * URL-level detections of one type: `affected` URLs have the problem now (membership opened, kept or
 * reopened), `cleared` URLs no longer have it (their open memberships resolve; an id in both lists
 * counts as affected). Then the group's affectedUrlCount and sampleUrls are recomputed, and it
 * resolves itself when no open membership is left, or reopens on a new detection unless ignored.
 * Set-based: each step is one statement over unnested arrays, whatever the number of URLs. A
 * membership's url is read from tracked_urls (the UrlRef url is not trusted); ids of other projects are
 * skipped. To reopen a group after a manual resolve, report every currently affected URL, not only new ones.
 */
export async function recordUrlDetections(
  ctx: OrgCtx, projectId: string, type: IssueType, change: { affected: UrlRef[]; cleared: string[] }, metadata: Record<string, unknown>, now: Date,
): Promise<void> {
  const tx = dbOf(ctx);
  // Deduplicated: ON CONFLICT may touch a row only once per statement.
  const affected = [...new Set(change.affected.map((u) => u.trackedUrlId))];
  const affectedSet = new Set(affected);
  const cleared = [...new Set(change.cleared)].filter((id) => !affectedSet.has(id));
  if (!affected.length && !cleared.length) return;

  await lockProjectStats(ctx, projectId);
  const group = affected.length ? await upsertGroup(ctx, projectId, type, metadata, now) : await existingGroup(ctx, projectId, type);
  if (!group) return;
  const issueId = group.id;

  if (cleared.length) {
    // A membership resolved by a person's "Resolve" is now found fixed by a check: it no longer comes back on a reopen.
    await tx.$executeRaw(Prisma.sql`
      UPDATE issue_url_memberships m SET resolved_at = coalesce(m.resolved_at, ${now}), resolved_manually = false, updated_at = now()
      FROM ${uuidList(cleared)} AS u(id)
      WHERE m.issue_id = ${issueId}::uuid AND m.tracked_url_id = u.id AND (m.resolved_at IS NULL OR m.resolved_manually)`);
  }
  if (affected.length) {
    // Only new and resolved memberships are written (an open one keeps its detectedAt, when the problem
    // started), so repeating a detection rewrites nothing; the stats row lock makes this check race-free.
    // The join with tracked_urls keeps out ids of other projects; rows go in tracked-URL order, which
    // keeps the index inserts local (about a quarter faster for 100k rows).
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO issue_url_memberships AS m (id, organization_id, issue_id, tracked_url_id, url, detected_at, created_at, updated_at)
      SELECT gen_random_uuid(), t.organization_id, ${issueId}::uuid, t.id, t.url, ${now}, now(), now()
      FROM ${uuidList(affected)} AS u(id)
      JOIN tracked_urls t ON t.id = u.id AND t.project_id = ${projectId}::uuid
      LEFT JOIN issue_url_memberships o ON o.issue_id = ${issueId}::uuid AND o.tracked_url_id = u.id
      WHERE o.id IS NULL OR o.resolved_at IS NOT NULL
      ORDER BY t.id
      ON CONFLICT (issue_id, tracked_url_id) DO UPDATE SET resolved_at = NULL, resolved_manually = false, detected_at = EXCLUDED.detected_at, updated_at = now()`);
  }
  await refreshGroup(ctx, issueId, now);
  await emitTransition(ctx, projectId, issueId, group.prior, now);
  await refreshIssueCounters(ctx, projectId);
}

type Status = "open" | "resolved" | "ignored";

/**
 * issue.opened when a group became open (new, or reopened after being resolved), issue.resolved when an
 * open group resolved itself; nothing for a group that stayed as it was. Written to the outbox in the
 * detector's transaction, so the events go out only if the detection commits.
 */
async function emitTransition(ctx: OrgCtx, projectId: string, issueId: string, prior: Status | null, now: Date): Promise<void> {
  const tx = dbOf(ctx);
  const [row] = await tx.$queryRaw<{ status: Status; type: IssueType; severity: IssueSeverity; affected_url_count: number }[]>(Prisma.sql`
    SELECT status::text AS status, type::text AS type, severity::text AS severity, affected_url_count FROM issues WHERE id = ${issueId}::uuid`);
  if (!row || row.status === prior) return;
  const at = now.toISOString();
  if (row.status === "open" && (prior === null || prior === "resolved")) {
    await recordEvent(ctx, "issue.opened", {
      organizationId: ctx.org.id, projectId, issueId, issueType: row.type, severity: row.severity,
      affectedUrlCount: row.affected_url_count, reopened: prior === "resolved", openedAt: at,
    }, `issue-opened-${issueId}-${at}`);
  } else if (row.status === "resolved" && prior === "open") {
    await recordEvent(ctx, "issue.resolved", { organizationId: ctx.org.id, projectId, issueId, resolvedAt: at, actorUserId: null },
      `issue-resolved-${issueId}-${at}`);
  }
}

/** A set of uuids as one text parameter: far cheaper to send than a uuid[] of 100k elements. */
const uuidList = (ids: string[]) => Prisma.sql`unnest(string_to_array(${ids.join(",")}, ',')::uuid[])`;

/**
 * Insert or touch the (project, type) group; returns its id and its status before (null when new; the
 * caller holds the project's stats lock, so nobody changes it in between). Metadata is written on insert only.
 */
async function upsertGroup(ctx: OrgCtx, projectId: string, type: IssueType, metadata: Record<string, unknown>, now: Date): Promise<{ id: string; prior: Status | null }> {
  const tx = dbOf(ctx);
  const { severity, rank } = severityOf(type);
  const [before] = await tx.$queryRaw<{ status: Status }[]>(Prisma.sql`
    SELECT status::text AS status FROM issues WHERE project_id = ${projectId}::uuid AND type = ${type}::"IssueType"`);
  const [row] = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    INSERT INTO issues AS i (id, organization_id, project_id, type, severity, severity_rank, status, affected_url_count, sample_urls,
                             first_detected_at, last_detected_at, metadata, created_at, updated_at)
    VALUES (gen_random_uuid(), ${ctx.org.id}::uuid, ${projectId}::uuid, ${type}::"IssueType", ${severity}::"IssueSeverity", ${rank},
            'open', 0, '{}', ${now}, ${now}, ${JSON.stringify(metadata ?? {})}::jsonb, now(), now())
    ON CONFLICT (project_id, type) DO UPDATE SET
      last_detected_at = GREATEST(i.last_detected_at, EXCLUDED.last_detected_at),
      status = CASE WHEN i.status = 'resolved' THEN 'open'::"IssueStatus" ELSE i.status END,
      resolved_at = CASE WHEN i.status = 'resolved' THEN NULL ELSE i.resolved_at END,
      severity = EXCLUDED.severity, severity_rank = EXCLUDED.severity_rank,
      updated_at = now()
    RETURNING i.id::text AS id`);
  return { id: row.id, prior: before?.status ?? null };
}

async function existingGroup(ctx: OrgCtx, projectId: string, type: IssueType): Promise<{ id: string; prior: Status } | null> {
  const tx = dbOf(ctx);
  const [row] = await tx.$queryRaw<{ id: string; status: Status }[]>(Prisma.sql`
    SELECT id::text AS id, status::text AS status FROM issues WHERE project_id = ${projectId}::uuid AND type = ${type}::"IssueType" FOR UPDATE`);
  return row ? { id: row.id, prior: row.status } : null;
}

/** The open memberships of a group and the most recently detected of them (sampleUrls), as one SELECT list. */
const groupCounts = (issueId: string) => Prisma.sql`
  SELECT (SELECT count(*) FROM issue_url_memberships WHERE issue_id = ${issueId}::uuid AND resolved_at IS NULL)::int AS n,
         coalesce((SELECT array_agg(s.url ORDER BY s.detected_at DESC, s.url) FROM (
           SELECT url, detected_at FROM issue_url_memberships WHERE issue_id = ${issueId}::uuid AND resolved_at IS NULL
           ORDER BY detected_at DESC, url LIMIT ${SAMPLE_URLS}) s), '{}') AS sample`;

/** affectedUrlCount and sampleUrls of a group as its memberships say now. */
export async function countGroup(ctx: Ctx, issueId: string): Promise<{ n: number; sample: string[] }> {
  const tx = dbOf(ctx);
  const [row] = await tx.$queryRaw<{ n: number; sample: string[] }[]>(groupCounts(issueId));
  return row;
}

/**
 * affectedUrlCount = open memberships, sampleUrls = the most recently detected open URLs; an open
 * group with no open membership left resolves itself (ignored and resolved groups keep their status).
 */
export async function refreshGroup(ctx: Ctx, issueId: string, now: Date): Promise<void> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    UPDATE issues i SET
      affected_url_count = c.n,
      sample_urls = c.sample,
      status = CASE WHEN i.status = 'open' AND c.n = 0 THEN 'resolved'::"IssueStatus" ELSE i.status END,
      resolved_at = CASE WHEN i.status = 'open' AND c.n = 0 THEN ${now}::timestamptz ELSE i.resolved_at END,
      updated_at = now()
    FROM (${groupCounts(issueId)}) c
    WHERE i.id = ${issueId}::uuid`);
}
