import { Prisma, type IssueStatus, withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { recordEvent } from "@/lib/events/outbox";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { lockProjectStats, refreshIssueCounters } from "./counters";
import { getIssueOrThrow, toIssueResponse } from "./internal";

/**
 * PATCH status. `resolved` is a manual resolve: the group and its open memberships resolve now
 * (affectedUrlCount 0, no samples; a later detection reopens it) and `issue.resolved` goes to the outbox
 * (sent once the transaction has committed). `ignored` silences the type (resolvedAt null; detections are still
 * recorded); `open` reopens (resolvedAt null; memberships as they are). The same status is a no-op.
 */
export async function updateIssueStatus(ctx: OrgCtx, projectId: string, issueId: string, status: IssueStatus, now = new Date()) {
  const { issue } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const project = await getProjectOrThrow(ctx, projectId);
    // Same lock order as the detectors: stats row, then the group.
    await lockProjectStats(tx, { organizationId: project.organizationId, projectId: project.id });
    const current = await getIssueOrThrow(ctx, project.id, issueId);
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
    if (status === "resolved") {
      const resolvedAt = now.toISOString();
      await recordEvent(tx, "issue.resolved", { organizationId: project.organizationId, projectId: project.id, issueId: issue.id, resolvedAt, actorUserId: actorUserId(ctx) },
        `issue-resolved-${issue.id}-${resolvedAt}`);
    }
    return { issue, changed: true };
  }, { timeout: 30_000, maxWait: 10_000 });
  return toIssueResponse(issue);
}
