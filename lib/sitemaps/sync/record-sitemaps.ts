import type { OrgCtx } from "@/lib/core/context";
import { Prisma, withTransaction, dbOf } from "@/lib/db";
import { clearProjectIssue, detectProjectIssue } from "@/lib/issues/detections";
import type { WalkResult } from "./walk-sitemaps";

const SAMPLE = 10;

/**
 * Writes what the walk found about each sitemap file (type, parent, fetch status, entry count,
 * error; lastSuccessAt only on success) and the project-level sitemap issues, in one transaction of
 * its own: this is kept even when the admission was refused (402). After a complete walk, sitemap
 * rows that no root leads to any more are removed.
 */
export async function recordSitemaps(ctx: OrgCtx, projectId: string, walk: WalkResult, now: Date): Promise<void> {
  await withTransaction(ctx, async (ctx) => {
    await upsertSitemapRows(ctx, projectId, walk, now);
    await reportSitemapIssues(ctx, projectId, walk, now);
  }, { timeout: 60_000, maxWait: 30_000 });
}

async function upsertSitemapRows(ctx: OrgCtx, projectId: string, walk: WalkResult, now: Date) {
  const tx = dbOf(ctx);
  const rows = walk.files.map((f) => ({
    url: f.url,
    parent: f.parentUrl,
    origin: f.origin,
    type: f.outcome.type,
    fetch_status: f.outcome.fetchStatus,
    url_count: f.urlCount,
    error: withoutNul(f.outcome.error ?? f.note),
  }));
  const input = Prisma.sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    AS x(url text, parent text, origin text, type text, fetch_status text, url_count int, error text)`;
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO sitemaps AS s (id, organization_id, project_id, url, type, parent_sitemap_id, origin, last_fetched_at, last_success_at,
                              fetch_status, url_count, error, created_at, updated_at)
    SELECT gen_random_uuid(), ${ctx.org.id}::uuid, ${projectId}::uuid, x.url, x.type::"SitemapType", NULL, x.origin, ${now},
           CASE WHEN x.fetch_status = 'ok' THEN ${now}::timestamptz END, x.fetch_status::"SitemapFetchStatus", x.url_count, x.error, ${now}, ${now}
    FROM ${input}
    ON CONFLICT (project_id, url) DO UPDATE SET
      type = CASE WHEN EXCLUDED.type = 'unknown' THEN s.type ELSE EXCLUDED.type END,
      origin = EXCLUDED.origin, last_fetched_at = EXCLUDED.last_fetched_at,
      last_success_at = coalesce(EXCLUDED.last_success_at, s.last_success_at),
      fetch_status = EXCLUDED.fetch_status, previous_url_count = s.url_count, url_count = EXCLUDED.url_count, error = EXCLUDED.error,
      updated_at = EXCLUDED.updated_at`);
  // Parents are linked in a second statement: rows inserted above are not visible within the same one.
  await tx.$executeRaw(Prisma.sql`
    UPDATE sitemaps s SET parent_sitemap_id = parent.id
    FROM ${input} LEFT JOIN sitemaps parent ON parent.project_id = ${projectId}::uuid AND parent.url = x.parent
    WHERE s.project_id = ${projectId}::uuid AND s.url = x.url AND s.parent_sitemap_id IS DISTINCT FROM parent.id`);
  if (walk.complete) {
    await tx.$executeRaw(Prisma.sql`
      DELETE FROM sitemaps s WHERE s.project_id = ${projectId}::uuid AND NOT EXISTS (SELECT 1 FROM ${input} WHERE x.url = s.url)`);
  }
}

/** Errors quote what sites and libraries said; jsonb (and text) refuse a NUL, which would fail the whole record. */
function withoutNul(text: string | null): string | null {
  return text === null ? null : text.replaceAll("\u0000", "\ufffd");
}

/**
 * sitemap_missing: a root answered 404/410. sitemap_unreachable: a root or child gave no usable
 * answer (network failure, timeout, blocked address, another non-2xx status, a child's 404). sitemap_parse_error:
 * a file answered but is not a usable sitemap (malformed XML, DTD, over 50,000 entries or 50 MB,
 * decompression bomb). Each resolves itself when a sync no longer sees it.
 */
async function reportSitemapIssues(ctx: OrgCtx, projectId: string, walk: WalkResult, now: Date) {
  const files = (pred: (f: WalkResult["files"][number]) => boolean) => walk.files.filter(pred);
  const describe = (fs: WalkResult["files"]) => fs.slice(0, SAMPLE).map((f) => ({ url: f.url, fetchStatus: f.outcome.fetchStatus, error: f.outcome.error }));

  const missing = files((f) => f.parentUrl === null && f.outcome.problem === "missing");
  if (missing.length) await detectProjectIssue(ctx, projectId, "sitemap_missing", { sitemaps: describe(missing) }, now);
  else await clearProjectIssue(ctx, projectId, "sitemap_missing", now);

  // A child that answers 404 is a broken reference of its index, not a missing sitemap.
  const unreachable = files((f) => f.outcome.problem === "unreachable" || (f.outcome.problem === "missing" && f.parentUrl !== null));
  if (unreachable.length) await detectProjectIssue(ctx, projectId, "sitemap_unreachable", { sitemaps: describe(unreachable), count: unreachable.length }, now);
  else await clearProjectIssue(ctx, projectId, "sitemap_unreachable", now);

  const invalid = files((f) => f.outcome.problem === "invalid");
  if (invalid.length) await detectProjectIssue(ctx, projectId, "sitemap_parse_error", { sitemaps: describe(invalid), count: invalid.length }, now);
  else if (walk.complete) await clearProjectIssue(ctx, projectId, "sitemap_parse_error", now);
}
