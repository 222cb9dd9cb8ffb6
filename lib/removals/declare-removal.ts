import crypto from "node:crypto";
import { dbOf, Prisma, withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import { connectedEngines } from "@/lib/connections/connected-engines";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import { suppliedUrlRefusal } from "@/lib/net/url-policy";
import { progressOf, refreshBatch, toBatchResponse } from "./internal";
import { DEFAULT_STUCK_AFTER_DAYS, type CreateRemovalBody, type RemovalBatchResponse, type RemovalWarning } from "./schemas";

/** How many offending URLs an error or a warning names (the count is always whole). */
const NAMED = 100;

/**
 * Declares a removal: a batch of the project's tracked URLs with one intent, followed from now on (follow-removals.ts).
 * Refused whole, nothing written: URLs the project does not track (400, naming them), ids that are not the
 * project's (404), a redirect target that is one of the removed URLs or not an http(s) URL (400), a URL already in
 * an active removal (409, naming them; the unique index on active_tracked_url_id settles races). Accepted with a
 * warning: a redirect target on another host, the `blocked` intent, URLs the sitemap still lists.
 */
export async function declareRemoval(ctx: OrgCtx, projectId: string, body: CreateRemovalBody, now = new Date()): Promise<RemovalBatchResponse & { warnings: RemovalWarning[] }> {
  const project = await getProjectOrThrow(ctx, projectId);
  const db = dbOf(ctx);
  const warnings: RemovalWarning[] = [];

  let redirectTarget: string | null = null;
  if (body.redirectTarget !== undefined) {
    const n = normalizeUrl(body.redirectTarget);
    const refused = n.ok ? suppliedUrlRefusal(n.url) : n.reason;
    if (!n.ok || refused) throw validationError("The redirect target is not a valid http(s) URL", [{ path: "redirectTarget", message: `Invalid URL (${refused})`, code: "invalid_url" }]);
    redirectTarget = n.url;
    if (n.host !== project.domain) {
      warnings.push({ code: "redirect_off_site", message: `The redirect target is on another host (${n.host}) than ${project.domain}: recorded as off-site.` });
    }
  }

  type Row = { id: string; url: string; in_sitemap: boolean; redirect_target: string | null };
  let rows: Row[];
  if (body.urlIds) {
    const ids = [...new Set(body.urlIds)];
    rows = await db.$queryRaw<Row[]>(Prisma.sql`
      SELECT t.id::text AS id, t.url, (t.last_seen_in_sitemap_at IS NOT NULL AND t.stale_at IS NULL) AS in_sitemap, t.redirect_target
      FROM tracked_urls t WHERE t.project_id = ${project.id}::uuid AND t.id = ANY(string_to_array(${ids.join(",")}, ',')::uuid[])`);
    if (rows.length < ids.length) {
      const found = new Set(rows.map((r) => r.id));
      const unknown = ids.filter((id) => !found.has(id));
      throw new DomainError("NOT_FOUND", `${unknown.length} URL id${unknown.length === 1 ? " is" : "s are"} not tracked by this project`, { unknownIds: unknown.slice(0, NAMED), unknownCount: unknown.length });
    }
  } else {
    const wanted = new Map<string, string>();
    const invalid: string[] = [];
    for (const raw of body.urls ?? []) {
      const n = normalizeUrl(raw);
      if (n.ok) wanted.set(n.url, raw); else invalid.push(raw);
    }
    if (invalid.length) {
      throw validationError(`${invalid.length} line${invalid.length === 1 ? " is" : "s are"} not a URL`, invalid.slice(0, NAMED).map((u) => ({ path: "urls", message: `Not a URL: ${u.slice(0, 200)}`, code: "invalid_url" })));
    }
    const urls = [...wanted.keys()];
    rows = await db.$queryRaw<Row[]>(Prisma.sql`
      SELECT t.id::text AS id, t.url, (t.last_seen_in_sitemap_at IS NOT NULL AND t.stale_at IS NULL) AS in_sitemap, t.redirect_target
      FROM tracked_urls t WHERE t.project_id = ${project.id}::uuid AND t.url = ANY(${urls}::text[])`);
    if (rows.length < urls.length) {
      const found = new Set(rows.map((r) => r.url));
      const untracked = urls.filter((u) => !found.has(u));
      throw new DomainError("VALIDATION_ERROR", `${untracked.length} URL${untracked.length === 1 ? " is" : "s are"} not tracked by this project: only tracked URLs can be followed to their removal`, {
        untracked: untracked.slice(0, NAMED), untrackedCount: untracked.length,
        errors: untracked.slice(0, NAMED).map((u) => ({ path: "urls", message: `Not tracked: ${u}`, code: "untracked_url" })),
      });
    }
  }
  if (redirectTarget && rows.some((r) => r.url === redirectTarget)) {
    throw validationError("The redirect target is one of the URLs being removed", [{ path: "redirectTarget", message: "A URL cannot redirect to itself", code: "redirect_to_itself" }]);
  }
  if (body.intent === "blocked") {
    warnings.push({ code: "blocked_intent", message: "A page blocked by robots.txt can stay indexed: the engines can no longer fetch it, so they never see a noindex or a 404. Prefer gone, redirected or noindexed, then block once it has left the index." });
  }
  const listed = rows.filter((r) => r.in_sitemap).map((r) => r.url);
  if (listed.length) {
    warnings.push({ code: "still_in_sitemap", message: `${listed.length} URL${listed.length === 1 ? " is" : "s are"} still listed in the sitemap: take them out, or their removal is cancelled when the next sync sees them listed.`, urls: listed.slice(0, NAMED) });
  }

  const stuckAfterDays = body.stuckAfterDays ?? DEFAULT_STUCK_AFTER_DAYS;
  const batch = await withTransaction(ctx, async (c) => {
    const tx = c.tx;
    const busy = await tx.$queryRaw<{ url: string; batch_id: string }[]>(Prisma.sql`
      SELECT r.url, r.batch_id::text AS batch_id FROM removal_urls r
      WHERE r.active_tracked_url_id = ANY(string_to_array(${rows.map((r) => r.id).join(",")}, ',')::uuid[]) ORDER BY r.url LIMIT ${NAMED}`);
    if (busy.length) throw alreadyActive(busy);
    const created = await tx.removalBatch.create({
      data: {
        organizationId: project.organizationId, projectId: project.id, createdByUserId: actorUserId(ctx), intent: body.intent, redirectTarget,
        stuckAfterDays, publicToken: crypto.randomBytes(24).toString("base64url"), createdAt: now, updatedAt: now,
      },
    });
    try {
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO removal_urls (id, organization_id, project_id, batch_id, tracked_url_id, active_tracked_url_id, url, redirect_target, declared_at)
        SELECT gen_random_uuid(), ${project.organizationId}::uuid, ${project.id}::uuid, ${created.id}::uuid, v.id, v.id, v.url,
               ${redirectTarget}::text, ${now}
        FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, url: r.url })))}::jsonb) AS v(id uuid, url text)
        ORDER BY v.url`);
    } catch (e) {
      if (e instanceof Error && /active_tracked_url_id/.test(e.message)) throw alreadyActive([]);
      throw e;
    }
    await refreshBatch(tx, created.id, now);
    return tx.removalBatch.findUniqueOrThrow({ where: { id: created.id } });
  });
  const progress = (await progressOf(db, [batch.id])).get(batch.id)!;
  const engines = await connectedEngines({ organizationId: project.organizationId, projectId: project.id });
  return { ...toBatchResponse(batch, progress, engines, project.domain), warnings };
}

function alreadyActive(busy: { url: string; batch_id: string }[]) {
  return new DomainError("CONFLICT", busy.length
    ? `${busy.length === NAMED ? `${NAMED} or more URLs are` : busy.length === 1 ? "1 URL is" : `${busy.length} URLs are`} already in an active removal`
    : "Some of these URLs are already in an active removal", { urls: busy.map((b) => ({ url: b.url, removalId: b.batch_id })) });
}
