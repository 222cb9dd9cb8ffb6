import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { dbOf, withTransaction } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getReportSchedule } from "./get-report-schedule";
import type { ReportScheduleBody, ReportScheduleResponse } from "./schemas";

/**
 * Replaces the project's report schedule. Choosing a new cadence restarts `activeSince` (so the first report is of
 * the first period that ends after now); changing only the recipients keeps it.
 */
export async function setReportSchedule(ctx: OrgCtx, projectId: string, body: ReportScheduleBody, now = new Date()): Promise<ReportScheduleResponse> {
  await withTransaction(ctx, async (ctx) => {
    const project = await getProjectOrThrow(ctx, projectId);
    const db = dbOf(ctx);
    const before = await db.reportSchedule.findUnique({ where: { projectId: project.id } });
    const activeSince = body.cadence === "off" ? null : before?.cadence === body.cadence ? before.activeSince : now;
    const data = { cadence: body.cadence, recipients: body.recipients, activeSince, updatedAt: now };
    await db.reportSchedule.upsert({ where: { projectId: project.id }, create: { projectId: project.id, organizationId: ctx.org.id, ...data }, update: data });
    await recordAudit({
      ...auditActor(ctx), action: "settings.updated", target: { type: "project", id: project.id },
      metadata: { change: "report_schedule_updated", cadence: body.cadence, recipients: body.recipients.length, previousCadence: before?.cadence ?? "off" },
    }, ctx);
  });
  return getReportSchedule(ctx, projectId, now);
}
