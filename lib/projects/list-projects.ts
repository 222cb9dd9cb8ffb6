import type { z } from "zod";
import { db, type Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import type { listProjectsQuery } from "./schemas";
import { toProjectResponse } from "./internal";

/** Live projects of the organization, newest first (id breaks ties), optionally searched by name or domain. */
export async function listProjects(ctx: OrgCtx, query: z.infer<typeof listProjectsQuery>) {
  const where: Prisma.ProjectWhereInput = { organizationId: ctx.org.id, deletedAt: null };
  if (query.q) {
    // contains becomes ILIKE: escape its wildcards so "%" and "_" match themselves.
    const q = query.q.replace(/[\\%_]/g, "\\$&");
    where.OR = [{ name: { contains: q, mode: "insensitive" } }, { domain: { contains: q, mode: "insensitive" } }];
  }
  const [total, rows] = await Promise.all([
    db.project.count({ where }),
    db.project.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: query.offset, take: query.limit }),
  ]);
  return { data: rows.map(toProjectResponse), meta: pageMeta(total, query) };
}
