import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { actorUserId } from "@/lib/core/context";
import { db, type SiteChange } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { describeSiteChange } from "./field-words";
import type { SiteChangeStatus } from "./site-changes";

export const toSiteChangeResponse = (c: SiteChange) => ({
  id: c.id, field: c.field, from: c.fromKind, to: c.toKind, text: describeSiteChange(c), sections: c.sections, urlCount: c.urlCount, sampleUrls: c.sampleUrls,
  firstSeenAt: c.firstSeenAt.toISOString(), lastSeenAt: c.lastSeenAt.toISOString(), deployId: c.deployId, status: c.status as SiteChangeStatus,
  revertedAt: c.revertedAt?.toISOString() ?? null, source: c.source,
});

/** The project's site changes: open first, then newest first. */
export async function listSiteChanges(ctx: OrgCtx, projectId: string, q: Pagination & { status?: SiteChangeStatus }) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: ctx.org.id, ...(q.status ? { status: q.status } : {}) };
  const [total, rows] = await Promise.all([
    db.siteChange.count({ where }),
    // "open" sorts before "intended" and "reverted" only by luck of the alphabet: say it.
    db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text AS id FROM site_changes WHERE project_id = $1::uuid AND organization_id = $2::uuid ${q.status ? "AND status = $5" : ""}
       ORDER BY (status = 'open') DESC, first_seen_at DESC, id DESC OFFSET $3 LIMIT $4`,
      ...[project.id, ctx.org.id, q.offset, q.limit, ...(q.status ? [q.status] : [])],
    ),
  ]);
  const byId = new Map((await db.siteChange.findMany({ where: { id: { in: rows.map((r) => r.id) } } })).map((c) => [c.id, c]));
  return { data: rows.map((r) => toSiteChangeResponse(byId.get(r.id)!)), meta: pageMeta(total, q) };
}

export async function getSiteChange(ctx: OrgCtx, projectId: string, changeId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const change = await db.siteChange.findFirst({ where: { id: changeId, projectId: project.id, organizationId: ctx.org.id } });
  if (!change) throw new DomainError("NOT_FOUND", "Site change not found");
  const [total, urls] = await Promise.all([
    db.siteChangeUrl.count({ where: { siteChangeId: change.id } }),
    db.siteChangeUrl.findMany({ where: { siteChangeId: change.id }, orderBy: [{ url: "asc" }], skip: page.offset, take: page.limit }),
  ]);
  return {
    ...toSiteChangeResponse(change),
    urls: urls.map((u) => ({ url: u.url, urlId: u.trackedUrlId, observedAt: u.observedAt.toISOString() })),
    urlsMeta: pageMeta(total, page),
  };
}

/** PATCH {status: "intended"}: the change was meant; it no longer counts as open (and is not reported reverted). */
export async function markSiteChangeIntended(ctx: OrgCtx, projectId: string, changeId: string, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const change = await db.siteChange.findFirst({ where: { id: changeId, projectId: project.id, organizationId: ctx.org.id } });
  if (!change) throw new DomainError("NOT_FOUND", "Site change not found");
  if (change.status !== "intended") {
    await db.siteChange.update({ where: { id: change.id }, data: { status: "intended", intendedAt: now, intendedByUserId: actorUserId(ctx) } });
  }
  return getSiteChange(ctx, projectId, changeId, { offset: 0, limit: 20 });
}
