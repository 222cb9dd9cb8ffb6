import { db, type Submission } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { DETAIL_RETENTION_MS } from "./limits";
import { SubmissionDetailResponse, SubmissionResponse } from "./schemas";

/** A batch of a live project of the caller's organization, or 404. */
export async function getSubmissionOrThrow(ctx: OrgCtx, projectId: string, submissionId: string): Promise<Submission> {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await db.submission.findFirst({ where: { id: submissionId, projectId: project.id, organizationId: project.organizationId } });
  if (!row) throw new DomainError("NOT_FOUND", "Submission not found");
  return row;
}

export const toSubmissionResponse = (s: Submission) => SubmissionResponse.parse({
  id: s.id, organizationId: s.organizationId, projectId: s.projectId, engine: s.engine, urlCount: s.urlCount, status: s.status,
  responseCode: s.responseCode, responseBody: s.responseBody, error: s.error, createdAt: s.createdAt.toISOString(),
});

/** GET …/submissions/{submissionId}: one batch, with how many of its URLs are still on record and until when. */
export async function getSubmission(ctx: OrgCtx, projectId: string, submissionId: string): Promise<SubmissionDetailResponse> {
  const s = await getSubmissionOrThrow(ctx, projectId, submissionId);
  const urlsListed = await db.submissionUrl.count({ where: { submissionId: s.id } });
  return SubmissionDetailResponse.parse({
    ...toSubmissionResponse(s), urlsListed, urlsKeptUntil: new Date(s.createdAt.getTime() + DETAIL_RETENTION_MS).toISOString(),
  });
}
