import { dbOf, Prisma, type RemovalUrlState } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type PaginationMeta } from "@/lib/core/pagination";
import { connectedEngines } from "@/lib/connections/connected-engines";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getBatchOrThrow, progressOf, toBatchResponse, toUrlResponse } from "./internal";
import { listSuggestions } from "./suggestions";
import type { ListRemovalsQuery, ListRemovalUrlsQuery, RemovalBatchResponse, RemovalsListMeta, RemovalUrlResponse } from "./schemas";

/** The project's removal batches: active ones with stuck URLs first, then active, then the rest, newest first; with the suggestions. */
export async function listRemovals(ctx: OrgCtx, projectId: string, q: ListRemovalsQuery): Promise<{ data: RemovalBatchResponse[]; meta: RemovalsListMeta }> {
  const project = await getProjectOrThrow(ctx, projectId);
  const db = dbOf(ctx);
  const where = { projectId: project.id, organizationId: ctx.org.id, ...(q.status ? { status: q.status } : {}) };
  const [total, ids] = await Promise.all([
    db.removalBatch.count({ where }),
    db.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT id::text AS id FROM removal_batches
      WHERE project_id = ${project.id}::uuid ${q.status ? Prisma.sql`AND status = ${q.status}::"RemovalBatchStatus"` : Prisma.empty}
      ORDER BY (status = 'active' AND stuck_count > 0) DESC, (status = 'active') DESC, created_at DESC, id
      OFFSET ${q.offset} LIMIT ${q.limit}`),
  ]);
  const batches = await db.removalBatch.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
  const byId = new Map(batches.map((b) => [b.id, b]));
  const [progress, engines, suggestions] = await Promise.all([
    progressOf(db, ids.map((r) => r.id)),
    connectedEngines(ctx, project.id),
    listSuggestions(db, project.id),
  ]);
  const data = ids.map((r) => byId.get(r.id)!).filter(Boolean).map((b) => toBatchResponse(b, progress.get(b.id)!, engines, project.domain));
  const meta: PaginationMeta = pageMeta(total, q);
  return { data, meta: { ...meta, suggestions: suggestions.items, suggestionsTotal: suggestions.total } };
}

export async function getRemoval(ctx: OrgCtx, projectId: string, removalId: string): Promise<RemovalBatchResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const batch = await getBatchOrThrow(ctx, project.id, removalId);
  const db = dbOf(ctx);
  const [progress, engines] = await Promise.all([progressOf(db, [batch.id]), connectedEngines(ctx, project.id)]);
  return toBatchResponse(batch, progress.get(batch.id)!, engines, project.domain);
}

/** A page of a batch's URLs (stuck first, then pending, confirmed, removed, cancelled; by URL), optionally of one state. */
export async function listRemovalUrls(ctx: OrgCtx, projectId: string, removalId: string, q: Pick<ListRemovalUrlsQuery, "offset" | "limit" | "state">) {
  const project = await getProjectOrThrow(ctx, projectId);
  const batch = await getBatchOrThrow(ctx, project.id, removalId);
  const db = dbOf(ctx);
  const where = { batchId: batch.id, ...(q.state ? { state: q.state as RemovalUrlState } : {}) };
  const [total, ids] = await Promise.all([
    db.removalUrl.count({ where }),
    db.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT id::text AS id FROM removal_urls WHERE batch_id = ${batch.id}::uuid ${q.state ? Prisma.sql`AND state = ${q.state}::"RemovalUrlState"` : Prisma.empty}
      ORDER BY array_position(ARRAY['stuck','pending','confirmed_by_site','removed','cancelled']::"RemovalUrlState"[], state), url, id
      OFFSET ${q.offset} LIMIT ${q.limit}`),
  ]);
  const rows = await db.removalUrl.findMany({ where: { id: { in: ids.map((r) => r.id) } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const data: RemovalUrlResponse[] = ids.map((r) => toUrlResponse(byId.get(r.id)!, batch.intent));
  return { data, meta: pageMeta(total, q) };
}

/** Every removal a tracked URL has been part of, newest first: the URL detail's removal timeline. */
export async function listUrlRemovals(ctx: OrgCtx, projectId: string, trackedUrlId: string): Promise<RemovalUrlResponse[]> {
  const project = await getProjectOrThrow(ctx, projectId);
  const url = await dbOf(ctx).trackedUrl.findFirst({ where: { id: trackedUrlId, projectId: project.id, organizationId: ctx.org.id }, select: { id: true } });
  if (!url) throw new DomainError("NOT_FOUND", "URL not found");
  const rows = await dbOf(ctx).removalUrl.findMany({
    where: { trackedUrlId: url.id, projectId: project.id, organizationId: ctx.org.id },
    include: { batch: { select: { intent: true } } }, orderBy: { declaredAt: "desc" }, take: 20,
  });
  return rows.map((r) => toUrlResponse(r, r.batch.intent));
}
