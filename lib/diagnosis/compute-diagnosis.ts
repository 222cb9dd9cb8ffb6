// The diagnosis of a whole project, set-wise: its duplicate groups (exact, then near), then one cause per engine for every URL that engine
// does not index, worked out once into a temporary table with the two content issues' verdicts (duplicate_content,
// soft_404_suspect), then only the causes that changed written to url_causes, then the content issues raised and
// cleared. Mostly SQL (bench/links/diagnosis.ts measures a million URLs).
import type { OrgCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, withTransaction, type IssueType } from "@/lib/db";
import { recordUrlDetections } from "@/lib/issues/detections";
import { lockProjectStats } from "@/lib/issues/counters";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { refreshDuplicateGroups, type DuplicateGroupKind } from "./duplicate-groups";
import { refreshNearDuplicates } from "./near-duplicates";
import { causeSql, DUPLICATE_SQL, factsFrom, logsFlags, SOFT_404_SQL } from "./rules-sql";

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
    // hash order: every table page and index leaf touched again and again (EXPLAIN: 2.9 million buffer reads for
    // 725,000 rows). 128 MB (hash tables may take twice that) keeps a million URLs in one batch.
    await dbOf(ctx).$executeRaw`SET LOCAL work_mem = '128MB'`;
    const exact = await refreshDuplicateGroups(ctx, projectId, now);
    const nearStarted = performance.now();
    const near = await refreshNearDuplicates(ctx, projectId, now);
    const nearMs = Math.round(performance.now() - nearStarted);
    const groups = { ...exact, near_content: near.groups };
    // The issue detections below lock the project's stats row before tracked_urls rows; so does this update (the stats trigger).
    await lockProjectStats(ctx, projectId);
    await diagnoseUrls(ctx, projectId);
    const changed = await writeCauses(ctx, projectId);
    const content = await contentIssueUrls(ctx);
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
 * Works out both engines' cause of every URL of the project, and whether it is a copy (duplicate_content) or a
 * soft-404 suspect, into the temporary table diagnosed_urls (dropped at commit): only the URLs whose stored cause
 * changes and those with a content issue, so a run with nothing changed keeps next to nothing. The rules run once per
 * URL (OFFSET 0 keeps the planner from copying both CASEs into the filter and the output). The rows are kept in the
 * order of their url_causes rows, so that a rewrite visits each heap page and index leaf once rather than at random
 * (at random, a million rows wrote 2.2 GB of WAL instead of 0.8 GB); the content issues read them too, instead of
 * joining the pages again.
 */
async function diagnoseUrls(ctx: OrgCtx, projectId: string): Promise<void> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMP TABLE diagnosed_urls ON COMMIT DROP AS
    SELECT d.id, d.discovered_at, d.had, d.a, d.b, d.a IS DISTINCT FROM d.old_a OR d.b IS DISTINCT FROM d.old_b AS changed,
      d.dup, d.soft, CASE WHEN d.dup OR d.soft THEN d.url END AS url
    FROM (
      SELECT t.id, t.url, t.discovered_at, uc.ctid AS at, uc.tracked_url_id IS NOT NULL AS had, uc.engine_a_cause AS old_a, uc.engine_b_cause AS old_b,
        ${causeSql("engineA")} AS a, ${causeSql("engineB")} AS b, coalesce(${Prisma.raw(DUPLICATE_SQL)}, false) AS dup, coalesce(${Prisma.raw(SOFT_404_SQL)}, false) AS soft
      FROM (SELECT ${logsFlags(projectId)}) f, ${factsFrom(projectId)}
      WHERE t.project_id = ${projectId}::uuid
      OFFSET 0
    ) d
    WHERE d.a IS DISTINCT FROM d.old_a OR d.b IS DISTINCT FROM d.old_b OR d.dup OR d.soft
    ORDER BY d.at NULLS LAST`);
  await tx.$executeRaw`ANALYZE diagnosed_urls`;
}

/**
 * Writes the causes that changed into url_causes (narrow rows, three indexes, two of them partial; statement triggers
 * keep url_facet_counts and the link to the tracked URL): the rows of URLs that both engines now index go, the others
 * there are updated, and the URLs without a row get one, inserted in tracked_url_id order so that the primary key is
 * filled leaf after leaf. Plain statements, no speculative insertion per row: only the diagnosis writes url_causes,
 * one run per project at a time (the stats row lock). Answers how many URLs were written.
 */
async function writeCauses(ctx: OrgCtx, projectId: string): Promise<number> {
  const tx = dbOf(ctx);
  const deleted = await tx.$executeRaw`
    DELETE FROM url_causes x USING diagnosed_urls d
    WHERE d.changed AND d.had AND d.a IS NULL AND d.b IS NULL AND x.tracked_url_id = d.id`;
  const updated = await tx.$executeRaw`
    UPDATE url_causes x SET engine_a_cause = d.a, engine_b_cause = d.b
    FROM diagnosed_urls d WHERE d.changed AND d.had AND (d.a IS NOT NULL OR d.b IS NOT NULL) AND x.tracked_url_id = d.id`;
  const inserted = await tx.$executeRaw(Prisma.sql`
    INSERT INTO url_causes (tracked_url_id, project_id, discovered_at, engine_a_cause, engine_b_cause)
    SELECT d.id, ${projectId}::uuid, d.discovered_at, d.a, d.b FROM diagnosed_urls d WHERE d.changed AND NOT d.had ORDER BY d.id`);
  return deleted + updated + inserted;
}

type UrlRef = { id: string; url: string };

/** The copies (duplicate_content) and soft-404 suspects of the project, as diagnoseUrls found them. */
async function contentIssueUrls(ctx: OrgCtx): Promise<{ duplicate: UrlRef[]; soft404: UrlRef[] }> {
  const rows = await dbOf(ctx).$queryRaw<(UrlRef & { dup: boolean; soft: boolean })[]>`
    SELECT id::text AS id, url, dup, soft FROM diagnosed_urls WHERE dup OR soft`;
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
