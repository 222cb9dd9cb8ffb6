import type { z } from "zod";
import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toUrlImportResponse } from "./internal";
import type { listImportsQuery } from "./schemas";

/** The project's imports, newest first (id breaks ties). */
export async function listImports(ctx: OrgCtx, projectId: string, query: z.infer<typeof listImportsQuery>, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: project.organizationId };
  const [total, rows] = await Promise.all([
    db.urlImport.count({ where }),
    db.urlImport.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: query.offset, take: query.limit }),
  ]);
  return { data: rows.map((r) => toUrlImportResponse(r, now)), meta: pageMeta(total, query) };
}
