import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { db } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toShareLinkResponse } from "./internal";

/** The project's share links, newest first, revoked and expired ones included (with their status); the URL of those that answer. */
export async function listShareLinks(ctx: OrgCtx, projectId: string, page: Pagination, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: ctx.org.id };
  const [total, rows] = await Promise.all([
    db.shareLink.count({ where }),
    db.shareLink.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: page.offset, take: page.limit }),
  ]);
  return { data: rows.map((r) => toShareLinkResponse(r, now)), meta: pageMeta(total, page) };
}
