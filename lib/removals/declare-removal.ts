import { dbOf, Prisma, uuidArray } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import { activeFilters, urlConditions } from "@/lib/urls/url-filters";
import {
  activeRemovalsOf, batchResponses, declarationWarnings, insertBatches, NAMED, redirectTargetOf, type DeclaredUrl, type Project,
} from "./insert-batches";
import { DEFAULT_STUCK_AFTER_DAYS, MAX_REMOVAL_URLS, type CreateRemovalBody, type RemovalBatchResponse, type RemovalWarning } from "./schemas";

type Row = { id: string; url: string; in_sitemap: boolean };
const COLUMNS = Prisma.sql`t.id::text AS id, t.url, (t.last_seen_in_sitemap_at IS NOT NULL AND t.stale_at IS NULL) AS in_sitemap`;

/**
 * Declares a removal: a batch of the project's tracked URLs with one intent, followed from now on (follow-removals.ts).
 * By `urlIds` or `urls`, refused whole, nothing written: URLs the project does not track (400, naming them), ids that
 * are not the project's (404), a redirect target that is one of the removed URLs or not an http(s) URL (400), a URL
 * already in an active removal (409, naming them; the unique index on active_tracked_url_id settles races). By
 * `filter` (the URL list's filters): every URL it matches, those already in an active removal left out with a warning.
 * Accepted with a warning: a redirect target on another host, the `blocked` intent, URLs the sitemap still lists.
 */
export async function declareRemoval(ctx: OrgCtx, projectId: string, body: CreateRemovalBody, now = new Date()): Promise<RemovalBatchResponse & { warnings: RemovalWarning[] }> {
  const project = await getProjectOrThrow(ctx, projectId);

  let redirectTarget: string | null = null;
  if (body.redirectTarget !== undefined) {
    const t = redirectTargetOf(body.redirectTarget);
    if (!t.ok) throw validationError("The redirect target is not a valid http(s) URL", [{ path: "redirectTarget", message: `Invalid URL (${t.reason})`, code: "invalid_url" }]);
    redirectTarget = t.url;
  }

  const skipped: RemovalWarning[] = [];
  const rows = body.urlIds ? await byIds(ctx, project, body.urlIds)
    : body.urls ? await byUrls(ctx, project, body.urls)
    : await byFilter(ctx, project, body.filter ?? {}, skipped);
  if (redirectTarget && rows.some((r) => r.url === redirectTarget)) {
    throw validationError("The redirect target is one of the URLs being removed", [{ path: "redirectTarget", message: "A URL cannot redirect to itself", code: "redirect_to_itself" }]);
  }

  const urls: DeclaredUrl[] = rows.map((r) => ({ id: r.id, url: r.url, inSitemap: r.in_sitemap, redirectTarget }));
  const plan = { intent: body.intent, redirectTarget, stuckAfterDays: body.stuckAfterDays ?? DEFAULT_STUCK_AFTER_DAYS, urls };
  const warnings = [...declarationWarnings(project, [plan]), ...skipped];
  const [batch] = await insertBatches(ctx, project, [plan], now);
  const [response] = await batchResponses(ctx, project, [batch]);
  return { ...response, warnings };
}

async function byIds(ctx: OrgCtx, project: Project, urlIds: string[]): Promise<Row[]> {
  const ids = [...new Set(urlIds)];
  const rows = await dbOf(ctx).$queryRaw<Row[]>(Prisma.sql`
    SELECT ${COLUMNS} FROM tracked_urls t
    WHERE t.project_id = ${project.id}::uuid AND t.id = ANY(${uuidArray(ids)})`);
  if (rows.length < ids.length) {
    const found = new Set(rows.map((r) => r.id));
    const unknown = ids.filter((id) => !found.has(id));
    throw new DomainError("NOT_FOUND", `${unknown.length} URL id${unknown.length === 1 ? " is" : "s are"} not tracked by this project`, { unknownIds: unknown.slice(0, NAMED), unknownCount: unknown.length });
  }
  return rows;
}

async function byUrls(ctx: OrgCtx, project: Project, raws: string[]): Promise<Row[]> {
  const wanted = new Set<string>();
  const invalid: string[] = [];
  for (const raw of raws) {
    const n = normalizeUrl(raw);
    if (n.ok) wanted.add(n.url); else invalid.push(raw);
  }
  if (invalid.length) {
    throw validationError(`${invalid.length} line${invalid.length === 1 ? " is" : "s are"} not a URL`, invalid.slice(0, NAMED).map((u) => ({ path: "urls", message: `Not a URL: ${u.slice(0, 200)}`, code: "invalid_url" })));
  }
  const urls = [...wanted];
  const rows = await dbOf(ctx).$queryRaw<Row[]>(Prisma.sql`
    SELECT ${COLUMNS} FROM tracked_urls t WHERE t.project_id = ${project.id}::uuid AND t.url = ANY(${urls}::text[])`);
  if (rows.length < urls.length) {
    const found = new Set(rows.map((r) => r.url));
    const untracked = urls.filter((u) => !found.has(u));
    throw new DomainError("VALIDATION_ERROR", `${untracked.length} URL${untracked.length === 1 ? " is" : "s are"} not tracked by this project: only tracked URLs can be followed to their removal`, {
      untracked: untracked.slice(0, NAMED), untrackedCount: untracked.length,
      errors: untracked.slice(0, NAMED).map((u) => ({ path: "urls", message: `Not tracked: ${u}`, code: "untracked_url" })),
    });
  }
  return rows;
}

/** Every URL the URL list's filters match (at least one filter; at most MAX_REMOVAL_URLS), minus those already in an active removal. */
async function byFilter(ctx: OrgCtx, project: Project, filter: NonNullable<CreateRemovalBody["filter"]>, skipped: RemovalWarning[]): Promise<Row[]> {
  if (!activeFilters(filter).length) {
    throw validationError("Set at least one of the URL list's filters", [{ path: "filter", message: "An empty filter would declare every URL of the project; give urls or urlIds for that", code: "too_small" }]);
  }
  const where = Prisma.join(urlConditions(project.id, filter), " AND ");
  const rows = await dbOf(ctx).$queryRaw<Row[]>(Prisma.sql`SELECT ${COLUMNS} FROM tracked_urls t WHERE ${where} ORDER BY t.url LIMIT ${MAX_REMOVAL_URLS + 1}`);
  if (!rows.length) throw validationError("No tracked URL matches this filter", [{ path: "filter", message: "No URL matches", code: "no_match" }]);
  if (rows.length > MAX_REMOVAL_URLS) {
    throw validationError(`More than ${MAX_REMOVAL_URLS.toLocaleString("en-US")} URLs match this filter: narrow it, or declare in several batches`, [{ path: "filter", message: `At most ${MAX_REMOVAL_URLS} URLs per removal`, code: "too_big" }]);
  }
  const busy = await activeRemovalsOf(ctx, rows.map((r) => r.id));
  if (busy.length === rows.length) {
    throw new DomainError("CONFLICT", `Every URL this filter matches (${rows.length.toLocaleString("en-US")}) is already in an active removal`, { urls: busy.slice(0, NAMED).map((b) => ({ url: b.url, removalId: b.batch_id })) });
  }
  if (busy.length) {
    skipped.push({
      code: "already_in_removal", urls: busy.slice(0, NAMED).map((b) => b.url),
      message: `${busy.length.toLocaleString("en-US")} of the ${rows.length.toLocaleString("en-US")} matching URLs ${busy.length === 1 ? "is" : "are"} already in an active removal: left out of this one.`,
    });
  }
  const taken = new Set(busy.map((b) => b.tracked_url_id));
  return rows.filter((r) => !taken.has(r.id));
}
