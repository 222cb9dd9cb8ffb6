// The diagnosis of a whole project, set-wise: its duplicate groups (exact, then near), then one cause per engine for every URL that engine
// does not index (one INSERT … ON CONFLICT into url_facts that writes only the causes that changed), then the content issues it sees
// (duplicate_content, soft_404_suspect). Mostly SQL (bench/links/diagnosis.ts measures a million URLs).
import type { OrgCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction, type IssueType } from "@/lib/db";
import { recordUrlDetections } from "@/lib/issues/detections";
import { lockProjectStats } from "@/lib/issues/counters";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { refreshDuplicateGroups, type DuplicateGroupKind } from "./duplicate-groups";
import { refreshNearDuplicates } from "./near-duplicates";
import { causeSql, CONTENT_FROM, DUPLICATE_SQL, FACTS_FROM, logsFlags, SOFT_404_SQL } from "./rules-sql";

export interface DiagnosisRun {
  /** URLs whose cause (of either engine) changed. */
  changed: number;
  groups: Record<DuplicateGroupKind, number>;
  /** Milliseconds of the near-duplicate step (read, compare, write). */
  nearMs: number;
  duplicateContentUrls: number;
  soft404Urls: number;
  ms: number;
}

export async function computeDiagnosis(ctx: OrgCtx, projectId: string, now = new Date()): Promise<DiagnosisRun> {
  const started = performance.now();
  await getProjectOrThrow(ctx, projectId);
  const { changed, groups, nearMs, duplicateContentUrls, soft404Urls } = await withTransaction(ctx, async (ctx) => {
    // JIT compilation costs a fixed half second per statement, more than it saves on these plans at any size.
    await dbOf(ctx).$executeRaw`SET LOCAL jit = off`;
    // Under the default 4 MB the million-row hash joins spill in batches, which also hands the rows to the write in
    // hash order: every url_facts page and index leaf touched again and again (EXPLAIN: 2.9 million buffer reads for
    // 725,000 rows). 128 MB (hash tables may take twice that) keeps a million URLs in one batch.
    await dbOf(ctx).$executeRaw`SET LOCAL work_mem = '128MB'`;
    const exact = await refreshDuplicateGroups(ctx, projectId, now);
    const nearStarted = performance.now();
    const near = await refreshNearDuplicates(ctx, projectId, now);
    const nearMs = Math.round(performance.now() - nearStarted);
    const groups = { ...exact, near_content: near.groups };
    // The issue detections below lock the project's stats row before tracked_urls rows; so does this update (the stats trigger).
    await lockProjectStats(ctx, projectId);
    const changed = await updateCauses(ctx, projectId);
    const content = await contentIssueUrls(ctx, projectId);
    const duplicateContentUrls = await detectContentIssue(ctx, projectId, "duplicate_content", content.duplicate, now);
    const soft404Urls = await detectContentIssue(ctx, projectId, "soft_404_suspect", content.soft404, now);
    return { changed, groups, nearMs, duplicateContentUrls, soft404Urls };
  }, { timeout: 600_000, maxWait: 60_000 });
  const ms = Math.round(performance.now() - started);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO diagnosis_runs (project_id, organization_id, diagnosed_at, duration_ms, changed)
    VALUES (${projectId}::uuid, ${ctx.org.id}::uuid, ${now}, ${ms}, ${changed})
    ON CONFLICT (project_id) DO UPDATE SET diagnosed_at = EXCLUDED.diagnosed_at, duration_ms = EXCLUDED.duration_ms, changed = EXCLUDED.changed`);
  return { changed, groups, nearMs, duplicateContentUrls, soft404Urls, ms };
}

/**
 * Writes both engines' causes of the project's URLs into url_facts (a narrow table: six indexes, four of them partial;
 * statement triggers keep url_facet_counts); only the URLs whose cause changed are written, and a URL with no fact and
 * no cause gets no row. The rules are evaluated once per URL (OFFSET 0 keeps the planner from copying both CASEs into
 * the filter and the output), and the rows are written in the order of their url_facts rows, so each heap page and
 * index leaf is visited once instead of at random.
 */
async function updateCauses(ctx: OrgCtx, projectId: string): Promise<number> {
  const tx = dbOf(ctx);
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO url_facts AS x (tracked_url_id, project_id, discovered_at, engine_a_cause, engine_b_cause)
    SELECT d.id, ${projectId}::uuid, d.discovered_at, d.a, d.b
    FROM (
      SELECT t.id, t.discovered_at, uf.ctid AS at, uf.engine_a_cause AS old_a, uf.engine_b_cause AS old_b, ${causeSql("engineA")} AS a, ${causeSql("engineB")} AS b
      FROM (SELECT ${logsFlags(projectId)}) f, ${FACTS_FROM}
      WHERE t.project_id = ${projectId}::uuid
      OFFSET 0
    ) d
    WHERE d.old_a IS DISTINCT FROM d.a OR d.old_b IS DISTINCT FROM d.b
    ORDER BY d.at NULLS LAST
    ON CONFLICT (tracked_url_id) DO UPDATE SET engine_a_cause = EXCLUDED.engine_a_cause, engine_b_cause = EXCLUDED.engine_b_cause`);
}

type UrlRef = { id: string; url: string };

/** The copies (duplicate_content) and soft-404 suspects of the project, read in one pass over CONTENT_FROM. */
async function contentIssueUrls(ctx: OrgCtx, projectId: string): Promise<{ duplicate: UrlRef[]; soft404: UrlRef[] }> {
  const rows = await dbOf(ctx).$queryRaw<(UrlRef & { dup: boolean; soft: boolean })[]>(Prisma.sql`
    SELECT id::text AS id, url, dup, soft FROM (
      SELECT t.id, t.url, ${Prisma.raw(DUPLICATE_SQL)} AS dup, ${Prisma.raw(SOFT_404_SQL)} AS soft
      FROM ${CONTENT_FROM} WHERE t.project_id = ${projectId}::uuid AND t.health_state = 'healthy' OFFSET 0) c
    WHERE dup OR soft`);
  const pick = (f: "dup" | "soft") => rows.filter((r) => r[f]).map(({ id, url }) => ({ id, url }));
  return { duplicate: pick("dup"), soft404: pick("soft") };
}

/** Raises `type` for the `affected` URLs and clears its other open ones; answers how many are affected. */
async function detectContentIssue(ctx: OrgCtx, projectId: string, type: IssueType, affected: UrlRef[], now: Date): Promise<number> {
  const tx = dbOf(ctx);
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
