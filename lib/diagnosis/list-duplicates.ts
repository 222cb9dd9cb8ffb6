// The project's duplicate groups of one kind, largest first, as the last diagnosis found them.
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type PaginationMeta } from "@/lib/core/pagination";
import { db } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import type { DuplicateGroupResponse, DuplicatesQuery } from "./schemas";

export async function listDuplicates(ctx: OrgCtx, projectId: string, q: DuplicatesQuery): Promise<{ data: DuplicateGroupResponse[]; meta: PaginationMeta }> {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, kind: q.kind };
  const [rows, total] = await Promise.all([
    db.duplicateGroup.findMany({ where, orderBy: [{ urls: "desc" }, { key: "asc" }], skip: q.offset, take: q.limit }),
    db.duplicateGroup.count({ where }),
  ]);
  return {
    data: rows.map((r) => ({ kind: q.kind, key: r.key, urls: r.urls, canonicalUrl: r.canonicalUrl, sampleUrls: r.sampleUrls, similarity: r.similarity })),
    meta: pageMeta(total, q),
  };
}
