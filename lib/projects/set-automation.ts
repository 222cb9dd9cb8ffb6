import type { z } from "zod";
import { Prisma, type InspectionCadence, withTransaction, dbOf } from "@/lib/db";
import type { OrgCtx, Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { currentBalance } from "@/lib/credits/credit-ledger";
import type { automationBody } from "./schemas";
import { getProjectOrThrow, isVerified, toProjectResponse } from "./internal";
import { trackedUrlCount } from "./tracked-url-count";

const HOUR = 3_600_000;
export const CADENCE_MS: Record<InspectionCadence, number> = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR, monthly: 30 * 24 * HOUR };

/**
 * Turns scheduled, credit-funded inspections on or off. Enabling needs verified ownership, at least
 * one tracked URL and credits, and schedules each URL's first inspection at a random time within one cadence
 * (an earlier schedule within that period is kept); disabling clears the schedule. The cadence is stored either way.
 */
export async function setAutomation({ ctx, id, input, now = new Date() }: { ctx: OrgCtx; id: string; input: z.infer<typeof automationBody>; now?: Date }) {
  const organizationId = ctx.org.id;
  const project = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getProjectOrThrow(ctx, id);
    if (input.enabled) await assertCanEnable(ctx, current);

    const row = await tx.project.update({
      where: { id: current.id, organizationId, deletedAt: null },
      data: { automatedInspectionsEnabled: input.enabled, inspectionCadence: input.cadence },
    });
    const urlsScheduled = input.enabled
      ? await scheduleInspections(ctx, row.id, now, CADENCE_MS[input.cadence])
      : await clearSchedule(ctx, row.id);
    const changed = current.automatedInspectionsEnabled !== input.enabled || current.inspectionCadence !== input.cadence;
    if (changed || urlsScheduled) {
      await recordAudit({
        ...auditActor(ctx), action: "project.updated", target: { type: "project", id: row.id },
        metadata: {
          automation: { enabled: input.enabled, cadence: input.cadence },
          previous: { enabled: current.automatedInspectionsEnabled, cadence: current.inspectionCadence },
          urlsRescheduled: urlsScheduled,
        },
      }, ctx);
    }
    return row;
  });
  return toProjectResponse(project);
}

async function assertCanEnable(ctx: Ctx, project: Awaited<ReturnType<typeof getProjectOrThrow>>) {
  if (!isVerified(project)) throw new DomainError("OWNERSHIP_NOT_VERIFIED", "Verify ownership of the domain before enabling automated inspections");
  if ((await trackedUrlCount(project.id, ctx)) < 1) throw new DomainError("NO_TRACKED_URLS", "Add at least one URL before enabling automated inspections");
  const available = Math.max(0, await currentBalance(ctx, project.organizationId));
  if (available < 1) throw new DomainError("INSUFFICIENT_CREDITS", "Automated inspections need inspection credits; none are available", { required: 1, available });
}

// First inspections are spread evenly over one cadence period (no thundering herd when a large project
// is switched on); a URL already scheduled within the period keeps its time.
async function scheduleInspections(ctx: Ctx, projectId: string, now: Date, cadenceMs: number): Promise<number> {
  const tx = dbOf(ctx);
  const end = new Date(now.getTime() + cadenceMs);
  return tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls SET next_inspection_at = ${now}::timestamptz + (random() * ${cadenceMs}::float8) * interval '1 millisecond', updated_at = now()
    WHERE project_id = ${projectId}::uuid AND (next_inspection_at IS NULL OR next_inspection_at > ${end})`);
}

async function clearSchedule(ctx: Ctx, projectId: string): Promise<number> {
  const tx = dbOf(ctx);
  return tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls SET next_inspection_at = NULL, updated_at = now()
    WHERE project_id = ${projectId}::uuid AND next_inspection_at IS NOT NULL`);
}
