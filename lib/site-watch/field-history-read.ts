import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { db } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { describeFieldChange } from "./field-words";

/** GET …/urls/{urlId}/changes: the URL's field changes, newest first, each in words. */
export async function listUrlFieldChanges(ctx: OrgCtx, projectId: string, urlId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const url = await db.trackedUrl.findFirst({ where: { id: urlId, projectId: project.id, organizationId: ctx.org.id }, select: { id: true } });
  if (!url) throw new DomainError("NOT_FOUND", "URL not found");
  const where = { trackedUrlId: url.id };
  const [total, rows] = await Promise.all([
    db.urlFieldChange.count({ where }),
    db.urlFieldChange.findMany({ where, orderBy: [{ observedAt: "desc" }, { id: "desc" }], skip: page.offset, take: page.limit }),
  ]);
  return {
    data: rows.map((r) => ({
      observedAt: r.observedAt.toISOString(), field: r.field, from: r.fromValue, to: r.toValue, source: r.source as "audit" | "sentinel",
      text: describeFieldChange({ field: r.field, from: r.fromValue, to: r.toValue, fromKind: r.fromKind, toKind: r.toKind }),
    })),
    meta: pageMeta(total, page),
  };
}
