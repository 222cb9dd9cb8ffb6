import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { dbOf } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toLogImportResponse } from "./log-import-response";

/** The project's log imports, newest first. */
export async function listLogImports(ctx: OrgCtx, projectId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: ctx.org.id };
  const [rows, total] = await Promise.all([
    dbOf(ctx).logImport.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: page.offset, take: page.limit }),
    dbOf(ctx).logImport.count({ where }),
  ]);
  return { data: rows.map(toLogImportResponse), meta: pageMeta(total, page) };
}

/** One log import of the project, or 404. */
export async function getLogImport(ctx: OrgCtx, projectId: string, logImportId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await dbOf(ctx).logImport.findFirst({ where: { id: logImportId, projectId: project.id, organizationId: ctx.org.id } });
  if (!row) throw new DomainError("NOT_FOUND", "Log import not found");
  return toLogImportResponse(row);
}
