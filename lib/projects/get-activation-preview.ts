import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { ActivationPreviewResponse } from "./schemas";
import { getProjectOrThrow, isVerified } from "./internal";
import { CADENCE_MS } from "./set-automation";
import { trackedUrlCount } from "./tracked-url-count";

/**
 * What enabling automated inspections would cost (one credit per tracked URL per cycle) and, once on,
 * where the current cycle stands: next and due inspections, URLs audited this cycle, the "check again"
 * queue, and whether the organization ran out of credits. Reads only.
 */
export async function getActivationPreview(ctx: OrgCtx, id: string, now = new Date()) {
  const project = await getProjectOrThrow(ctx, id);
  const cycleStart = new Date(now.getTime() - CADENCE_MS[project.inspectionCadence]);
  const [count, balance, [schedule]] = await Promise.all([
    trackedUrlCount(project.id),
    currentBalance(ctx, project.organizationId),
    db.$queryRaw<{ next: Date | null; due: number; inspected: number; queued: number }[]>(Prisma.sql`
      SELECT (SELECT min(next_inspection_at) FROM tracked_urls WHERE project_id = ${project.id}::uuid AND next_inspection_at IS NOT NULL) AS next,
             (SELECT count(*)::int FROM tracked_urls WHERE project_id = ${project.id}::uuid AND next_inspection_at IS NOT NULL AND next_inspection_at <= ${now}) AS due,
             (SELECT count(DISTINCT tracked_url_id)::int FROM url_history
               WHERE project_id = ${project.id}::uuid AND kind = 'audit' AND observed_at > ${cycleStart}) AS inspected,
             (SELECT count(*)::int FROM inspection_requests WHERE project_id = ${project.id}::uuid) AS queued`),
  ]);
  const creditBalance = Math.max(0, balance);
  return ActivationPreviewResponse.parse({
    verified: isVerified(project),
    trackedUrlCount: count,
    creditBalance,
    creditsForFullCycle: count,
    urlsInspectableNow: Math.min(count, creditBalance),
    cadence: project.inspectionCadence,
    automatedInspectionsEnabled: project.automatedInspectionsEnabled,
    pausedForCredits: project.automatedInspectionsEnabled && creditBalance < 1,
    nextInspectionAt: schedule.next?.toISOString() ?? null,
    dueNow: schedule.due,
    inspectedThisCycle: Math.min(schedule.inspected, count),
    queued: schedule.queued,
  });
}
