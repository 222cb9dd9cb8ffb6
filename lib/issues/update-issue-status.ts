import { Prisma, withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { validationError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { recordEvent } from "@/lib/events/outbox";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { lockProjectStats, refreshIssueCounters } from "./counters";
import { countGroup } from "./detections";
import { getIssueOrThrow, issueInclude, toIssueResponse } from "./internal";
import type { UpdateIssueBody } from "./schemas";

/**
 * PATCH status. `resolved` is a manual resolve: the group and its open memberships resolve now, marked as
 * resolved by hand (affectedUrlCount 0, no samples; a later detection reopens it) and `issue.resolved` goes to
 * the outbox (sent once the transaction has committed). `open` reopens, and brings back the memberships a manual
 * resolve closed that no check has found fixed since (detections.ts clears the mark), so a group reopened by hand
 * lists what is still affected. `ignored` silences the type (resolvedAt null; detections are still recorded) and
 * keeps the optional `note`, with who ignored it and when. Every change is audited (`project.updated`, target the
 * issue). The same status is a no-op, unless an ignored group is given a new note.
 */
export async function updateIssueStatus(ctx: OrgCtx, projectId: string, issueId: string, input: UpdateIssueBody, now = new Date()) {
  const { status } = input;
  const note = input.note?.trim() || null;
  if (input.note !== undefined && status !== "ignored") {
    throw validationError("A note goes with status ignored", [{ path: "note", code: "custom", message: "Only an ignore takes a note" }]);
  }
  const issue = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const project = await getProjectOrThrow(ctx, projectId);
    // Same lock order as the detectors: stats row, then the group.
    await lockProjectStats(ctx, project.id);
    const current = await getIssueOrThrow(ctx, project.id, issueId);
    const renote = status === "ignored" && current.status === "ignored" && input.note !== undefined && note !== current.ignoreNote;
    if (current.status === status && !renote) return current;
    if (status === "resolved") {
      await tx.$executeRaw(Prisma.sql`
        UPDATE issue_url_memberships SET resolved_at = ${now}, resolved_manually = true, updated_at = now()
        WHERE issue_id = ${current.id}::uuid AND resolved_at IS NULL`);
    } else if (status === "open") {
      await tx.$executeRaw(Prisma.sql`
        UPDATE issue_url_memberships SET resolved_at = NULL, resolved_manually = false, updated_at = now()
        WHERE issue_id = ${current.id}::uuid AND resolved_manually`);
    }
    const counts = status === "open" ? await countGroup(ctx, current.id) : null;
    const ignored = status === "ignored" ? { ignoreNote: note, ignoredAt: now, ignoredByUserId: actorUserId(ctx) } : {};
    const updated = await tx.issue.update({
      where: { id: current.id },
      data: status === "resolved"
        ? { status, resolvedAt: now, affectedUrlCount: 0, sampleUrls: [] }
        : { status, resolvedAt: null, ...ignored, ...(counts ? { affectedUrlCount: counts.n, sampleUrls: counts.sample } : {}) },
      include: issueInclude,
    });
    await refreshIssueCounters(ctx, project.id);
    if (status === "resolved") {
      const resolvedAt = now.toISOString();
      await recordEvent(ctx, "issue.resolved", { organizationId: project.organizationId, projectId: project.id, issueId: updated.id, resolvedAt, actorUserId: actorUserId(ctx) },
        `issue-resolved-${updated.id}-${resolvedAt}`);
    }
    await recordAudit({
      ...auditActor(ctx), action: "project.updated", target: { type: "issue", id: updated.id },
      metadata: { projectId: project.id, issueType: updated.type, from: current.status, to: status, ...(status === "ignored" ? { note } : {}),
        ...(counts ? { restoredUrls: counts.n } : {}) },
    }, ctx);
    return updated;
  }, { timeout: 30_000, maxWait: 10_000 });
  return toIssueResponse(issue);
}
