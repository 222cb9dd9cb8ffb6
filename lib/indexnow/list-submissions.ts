import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toSubmissionResponse } from "./get-submission";
import type { ListSubmissionsQuery } from "./schemas";

/** GET /submissions: the project's IndexNow batches, newest first (then id), with an exact total. */
export async function listSubmissions(ctx: OrgCtx, projectId: string, query: ListSubmissionsQuery) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: project.organizationId };
  const total = await db.submission.count({ where });
  const rows = query.offset >= total ? [] : await db.submission.findMany({
    where, skip: query.offset, take: query.limit, orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { data: rows.map(toSubmissionResponse), meta: pageMeta(total, query) };
}
