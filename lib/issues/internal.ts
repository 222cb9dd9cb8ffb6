import { dbOf, type Issue, type IssueUrlMembership } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { IssueResponse, IssueUrlMembershipResponse } from "./schemas";

/** What an issue response needs beside the row: who ignored it. */
export const issueInclude = { ignoredBy: { select: { email: true } } } as const;
export type IssueRow = Issue & { ignoredBy: { email: string } | null };

/** A group of a live project of the caller's organization, or 404. */
export async function getIssueOrThrow(ctx: OrgCtx, projectId: string, issueId: string): Promise<IssueRow> {
  const issue = await dbOf(ctx).issue.findFirst({
    where: { id: issueId, projectId, organizationId: ctx.org.id, project: { deletedAt: null } },
    include: issueInclude,
  });
  if (!issue) throw new DomainError("NOT_FOUND", "Issue not found");
  return issue;
}

export function toIssueResponse(i: IssueRow): IssueResponse {
  return IssueResponse.parse({
    id: i.id, organizationId: i.organizationId, projectId: i.projectId, type: i.type, severity: i.severity, status: i.status,
    affectedUrlCount: i.affectedUrlCount, sampleUrls: i.sampleUrls,
    firstDetectedAt: i.firstDetectedAt.toISOString(), lastDetectedAt: i.lastDetectedAt.toISOString(),
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    metadata: i.metadata && typeof i.metadata === "object" && !Array.isArray(i.metadata) ? i.metadata : {},
    ignoreNote: i.ignoreNote, ignoredAt: i.ignoredAt?.toISOString() ?? null,
    ignoredBy: i.ignoredByUserId ? { userId: i.ignoredByUserId, email: i.ignoredBy?.email ?? null } : null,
    createdAt: i.createdAt.toISOString(), updatedAt: i.updatedAt.toISOString(),
  });
}

export function toMembershipResponse(m: IssueUrlMembership): IssueUrlMembershipResponse {
  return IssueUrlMembershipResponse.parse({
    id: m.id, organizationId: m.organizationId, issueId: m.issueId, trackedUrlId: m.trackedUrlId, url: m.url,
    detectedAt: m.detectedAt.toISOString(), resolvedAt: m.resolvedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(), updatedAt: m.updatedAt.toISOString(),
  });
}
