import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { SubmissionResponse, type ListSubmissionsQuery } from "./schemas";

/** GET /submissions: the project's IndexNow batches, newest first (then id), with an exact total. */
export async function listSubmissions(ctx: OrgCtx, projectId: string, query: ListSubmissionsQuery) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: project.organizationId };
  const total = await db.submission.count({ where });
  const rows = query.offset >= total ? [] : await db.submission.findMany({
    where, skip: query.offset, take: query.limit, orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const data = rows.map((s) => SubmissionResponse.parse({
    id: s.id, organizationId: s.organizationId, projectId: s.projectId, engine: s.engine, urlCount: s.urlCount, status: s.status,
    responseCode: s.responseCode, responseBody: s.responseBody, error: s.error, createdAt: s.createdAt.toISOString(),
  }));
  return { data, meta: pageMeta(total, query) };
}
