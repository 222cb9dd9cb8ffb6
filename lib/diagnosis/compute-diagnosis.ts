// The diagnosis of a whole project, set-wise: its duplicate groups, then one cause per engine for every URL that engine
// does not index (one INSERT … ON CONFLICT into url_facts that writes only the causes that changed), then the content issues it sees
// (duplicate_content, soft_404_suspect). Mostly SQL (bench/links/diagnosis.ts measures a million URLs).
import type { OrgCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction, type IssueType } from "@/lib/db";
import { recordUrlDetections } from "@/lib/issues/detections";
import { lockProjectStats } from "@/lib/issues/counters";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { refreshDuplicateGroups, type DuplicateKind } from "./duplicate-groups";
import { causeSql, DUPLICATE_SQL, FACTS_FROM, logsFlags, SOFT_404_SQL } from "./rules-sql";

export interface DiagnosisRun {
  /** URLs whose cause (of either engine) changed. */
  changed: number;
  groups: Record<DuplicateKind, number>;
  duplicateContentUrls: number;
  soft404Urls: number;
  ms: number;
}

export async function computeDiagnosis(ctx: OrgCtx, projectId: string, now = new Date()): Promise<DiagnosisRun> {
  const started = performance.now();
  await getProjectOrThrow(ctx, projectId);
  const { changed, groups, duplicateContentUrls, soft404Urls } = await withTransaction(ctx, async (ctx) => {
    // JIT compilation costs a fixed half second per statement, more than it saves on these plans at any size.
    await dbOf(ctx).$executeRaw`SET LOCAL jit = off`;
    const groups = await refreshDuplicateGroups(ctx, projectId, now);
    // The issue detections below lock the project's stats row before tracked_urls rows; so does this update (the stats trigger).
    await lockProjectStats(ctx, projectId);
    const changed = await updateCauses(ctx, projectId);
    const duplicateContentUrls = await detectContentIssue(ctx, projectId, "duplicate_content", DUPLICATE_SQL, now);
    const soft404Urls = await detectContentIssue(ctx, projectId, "soft_404_suspect", SOFT_404_SQL, now);
    return { changed, groups, duplicateContentUrls, soft404Urls };
  }, { timeout: 600_000, maxWait: 60_000 });
  const ms = Math.round(performance.now() - started);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO diagnosis_runs (project_id, organization_id, diagnosed_at, duration_ms, changed)
    VALUES (${projectId}::uuid, ${ctx.org.id}::uuid, ${now}, ${ms}, ${changed})
    ON CONFLICT (project_id) DO UPDATE SET diagnosed_at = EXCLUDED.diagnosed_at, duration_ms = EXCLUDED.duration_ms, changed = EXCLUDED.changed`);
  return { changed, groups, duplicateContentUrls, soft404Urls, ms };
}

/**
 * Writes both engines' causes of the project's URLs into url_facts (a narrow table: six indexes, four of them partial; no trigger); only
 * the URLs whose cause changed are written, and a URL with no fact and no cause gets no row.
 */
async function updateCauses(ctx: OrgCtx, projectId: string): Promise<number> {
  const tx = dbOf(ctx);
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO url_facts AS x (tracked_url_id, project_id, discovered_at, engine_a_cause, engine_b_cause)
    SELECT d.id, ${projectId}::uuid, d.discovered_at, d.a, d.b
    FROM (
      SELECT t.id, t.discovered_at, uf.engine_a_cause AS old_a, uf.engine_b_cause AS old_b, ${causeSql("engineA")} AS a, ${causeSql("engineB")} AS b
      FROM (SELECT ${logsFlags(projectId)}) f, ${FACTS_FROM}
      WHERE t.project_id = ${projectId}::uuid
    ) d
    WHERE d.old_a IS DISTINCT FROM d.a OR d.old_b IS DISTINCT FROM d.b
    ON CONFLICT (tracked_url_id) DO UPDATE SET engine_a_cause = EXCLUDED.engine_a_cause, engine_b_cause = EXCLUDED.engine_b_cause`);
}

/** Raises `type` for the URLs `predicate` holds for (over FACTS_FROM) and clears the others; answers how many are affected. */
async function detectContentIssue(ctx: OrgCtx, projectId: string, type: IssueType, predicate: string, now: Date): Promise<number> {
  const tx = dbOf(ctx);
  const affected = await tx.$queryRaw<{ id: string; url: string }[]>(Prisma.sql`
    SELECT t.id::text AS id, t.url FROM ${FACTS_FROM} WHERE t.project_id = ${projectId}::uuid AND ${Prisma.raw(predicate)}`);
  const open = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT m.tracked_url_id::text AS id FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
    WHERE i.project_id = ${projectId}::uuid AND i.type = ${type}::"IssueType" AND m.resolved_at IS NULL`);
  const now_ = new Set(affected.map((a) => a.id));
  const cleared = open.map((o) => o.id).filter((id) => !now_.has(id));
  if (affected.length || cleared.length) {
    await recordUrlDetections(ctx, projectId, type, { affected: affected.map((a) => ({ trackedUrlId: a.id, url: a.url })), cleared }, { source: "diagnosis" }, now);
  }
  return affected.length;
}
