import { db, Prisma, type IssueStatus } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/api/context";
import { sendEvent } from "@/lib/events/send-event";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { lockProjectStats, refreshIssueCounters } from "./counters";
import { getIssueOrThrow, toIssueResponse } from "./internal";

/**
 * PATCH status. `resolved` is a manual resolve: the group and its open memberships resolve now
 * (affectedUrlCount 0, no samples; a later detection reopens it) and `issue.resolved` is emitted once
 * the transaction has committed. `ignored` silences the type (resolvedAt null; detections are still
 * recorded); `open` reopens (resolvedAt null; memberships as they are). The same status is a no-op.
 */
export async function updateIssueStatus(ctx: Ctx, projectId: string, issueId: string, status: IssueStatus, now = new Date()) {
  const { issue, changed } = await db.$transaction(async (tx) => {
    const project = await getProjectOrThrow(ctx, projectId, tx);
    // Same lock order as the detectors: stats row, then the group.
    await lockProjectStats(tx, { organizationId: project.organizationId, projectId: project.id });
    const current = await getIssueOrThrow(ctx, project.id, issueId, tx);
    if (current.status === status) return { issue: current, changed: false };
    if (status === "resolved") {
      await tx.$executeRaw(Prisma.sql`
        UPDATE issue_url_memberships SET resolved_at = ${now}, updated_at = now()
        WHERE issue_id = ${current.id}::uuid AND resolved_at IS NULL`);
    }
    const issue = await tx.issue.update({
      where: { id: current.id },
      data: status === "resolved"
        ? { status, resolvedAt: now, affectedUrlCount: 0, sampleUrls: [] }
        : { status, resolvedAt: null },
    });
    await refreshIssueCounters(tx, project.id);
    return { issue, changed: true };
  }, { timeout: 30_000, maxWait: 10_000 });
  if (changed && issue.status === "resolved" && issue.resolvedAt) await emitResolved(ctx, issue.organizationId, issue.projectId, issue.id, issue.resolvedAt);
  return toIssueResponse(issue);
}

async function emitResolved(ctx: Ctx, organizationId: string, projectId: string, issueId: string, at: Date) {
  const resolvedAt = at.toISOString();
  try {
    await sendEvent("issue.resolved", { organizationId, projectId, issueId, resolvedAt, actorUserId: actorUserId(ctx) },
      { id: `issue-resolved-${issueId}-${resolvedAt}` });
  } catch (error) {
    // The resolve has committed; failing the request now would only invite a retry that sends nothing.
    console.error(`[issues] issue.resolved for ${issueId} could not be sent`, error);
  }
}
