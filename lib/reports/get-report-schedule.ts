import type { OrgCtx } from "@/lib/core/context";
import { dbOf } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { GRACE_MS, upcomingPeriod } from "./periods";
import { ReportScheduleResponse } from "./schemas";
import { unsubscribedAmong } from "./unsubscribe-from-reports";

/** The project's report schedule (off with no recipients until one is set), its next report and the newest one made. */
export async function getReportSchedule(ctx: OrgCtx, projectId: string, now = new Date()): Promise<ReportScheduleResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const db = dbOf(ctx);
  const [schedule, last] = await Promise.all([
    db.reportSchedule.findUnique({ where: { projectId: project.id } }),
    db.clientReport.findFirst({
      where: { projectId: project.id, organizationId: ctx.org.id, generatedAt: { not: null }, pdf: { not: null } }, orderBy: { generatedAt: "desc" },
      select: { cadence: true, periodStart: true, periodEnd: true, generatedAt: true, test: true, status: true, recipients: true },
    }),
  ]);
  const cadence = schedule?.cadence ?? "off";
  const unsubscribed = await unsubscribedAmong(project.id, schedule?.recipients ?? []);
  const next = cadence === "off" ? null : upcomingPeriod(cadence, now);
  return ReportScheduleResponse.parse({
    cadence, recipients: schedule?.recipients ?? [], unsubscribed, activeSince: schedule?.activeSince?.toISOString() ?? null,
    nextReport: next && {
      cadence: next.cadence, start: next.start.toISOString(), end: next.end.toISOString(), sendsAfter: new Date(next.end.getTime() + GRACE_MS).toISOString(),
    },
    lastReport: last && {
      cadence: last.cadence === "monthly" ? "monthly" : "weekly", start: last.periodStart.toISOString(), end: last.periodEnd.toISOString(),
      generatedAt: last.generatedAt!.toISOString(), test: last.test, status: last.status, recipients: last.recipients.length,
    },
  });
}
