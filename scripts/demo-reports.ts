// The demo's client reports: a share link the agency sent the client 12 days ago (created by the real verb, so its
// token is hashed and sealed as the app does it; opened three times since), a weekly report schedule to two people at
// the client, turned on three weeks ago, and the report the hourly cron sent for the last week that is due, claimed,
// rendered and recorded by the cron's own sendScheduledReport. The demo has no SMTP server (scripts/demo.mjs drops
// SMTP_URL), so that mail goes where every mail of the demo goes: the log and /dev/mailbox; nothing leaves the machine.
// Each part is made only when missing, so a second run, or a run on data seeded before this existed, adds what is
// missing and nothing twice.
import type { OrgCtx } from "../lib/core/context";
import { db, Prisma } from "../lib/db";
import { duePeriod, GRACE_MS, type Cadence } from "../lib/reports/periods";
import { reportScheduleBody } from "../lib/reports/schemas";
import { sendScheduledReport } from "../lib/reports/send-due-reports";
import { setReportSchedule } from "../lib/reports/set-report-schedule";
import { createShareLink } from "../lib/share-links/create-share-link";
import { activeShareUrl } from "../lib/share-links/internal";
import { recordShareView } from "../lib/share-links/record-share-view";

const DAY = 86_400_000;
/** Who at the client gets the weekly report. */
export const DEMO_REPORT_RECIPIENTS = ["marketing@acme-outdoor.e2e.test", "jordan.lee@acme-outdoor.e2e.test"];
const LINK_DAYS_AGO = 12;
const LINK_LASTS_DAYS = 90;
const VIEWS_DAYS_AGO = [11.8, 6.3, 1.2];
const SCHEDULE_DAYS_AGO = 21;

export type DemoReports = { shareUrl: string; shareLinkId: string; scheduleCadence: string; reportId: string | null; created: string[] };

export async function seedClientReports(ctx: OrgCtx, projectId: string, now = new Date()): Promise<DemoReports> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const created: string[] = [];

  // The share link: the newest one that still answers, or a new one.
  let link = await db.shareLink.findFirst({
    where: { projectId, organizationId: ctx.org.id, revokedAt: null, expiresAt: { gt: now } }, orderBy: { createdAt: "desc" },
  });
  if (!link) {
    const at = ago(LINK_DAYS_AGO);
    const made = await createShareLink(ctx, projectId, { expiresInDays: LINK_LASTS_DAYS }, at);
    await restampAudit("share_link", made.id, at);
    for (const d of VIEWS_DAYS_AGO) await recordShareView(made.id, ago(d));
    link = await db.shareLink.findUniqueOrThrow({ where: { id: made.id } });
    created.push("share link");
  }
  const shareUrl = activeShareUrl(link, now);
  if (!shareUrl) throw new Error("The demo's share link does not answer");

  // The weekly schedule (the body as the API would parse it).
  let schedule = await db.reportSchedule.findUnique({ where: { projectId } });
  if (!schedule || schedule.cadence === "off" || !schedule.recipients.length) {
    const at = ago(SCHEDULE_DAYS_AGO);
    await setReportSchedule(ctx, projectId, reportScheduleBody.parse({ cadence: "weekly", recipients: DEMO_REPORT_RECIPIENTS }), at);
    await restampAudit("project", projectId, at, "report_schedule_updated");
    schedule = await db.reportSchedule.findUniqueOrThrow({ where: { projectId } });
    created.push("weekly report schedule");
  }

  // One report sent by the cron: the newest period due, sent at the cron's run after it (hourly at :40).
  let report = await db.clientReport.findFirst({ where: { projectId, status: "sent", test: false }, orderBy: { periodStart: "desc" }, select: { id: true } });
  const cadence: Cadence = schedule.cadence === "monthly" ? "monthly" : "weekly";
  const period = schedule.activeSince && duePeriod(cadence, schedule.activeSince, now);
  if (!report && period) {
    const due = { projectId, organizationId: ctx.org.id, cadence, periodStart: period.start.toISOString(), periodKey: period.key };
    const sentAt = new Date(period.end.getTime() + GRACE_MS + 90_000);
    const outcome = await sendScheduledReport(due, sentAt);
    if (outcome !== "sent") throw new Error(`The demo's client report was not sent (${outcome})`);
    report = await db.clientReport.findUniqueOrThrow({ where: { projectId_periodKey: { projectId, periodKey: period.key } }, select: { id: true } });
    // The row's own clocks (its insert and the moment the mail went) at the cron's run, like the PDF's "generated".
    await db.clientReport.update({ where: { id: report.id }, data: { createdAt: sentAt, sentAt: new Date(sentAt.getTime() + 2_000) } });
    created.push(`the report of ${period.key}`);
  }
  return { shareUrl, shareLinkId: link.id, scheduleCadence: schedule.cadence, reportId: report?.id ?? null, created };
}

/** The audit row a verb just wrote, dated at the story's moment (as scripts/demo-seed.ts restamps its verbs' rows). */
async function restampAudit(targetType: string, targetId: string, at: Date, change?: string) {
  await db.$executeRaw(Prisma.sql`
    UPDATE audit_logs SET created_at = ${at}
    WHERE id = (SELECT id FROM audit_logs WHERE target_type = ${targetType} AND target_id = ${targetId}
                ${change ? Prisma.sql`AND metadata->>'change' = ${change}` : Prisma.empty} ORDER BY created_at DESC LIMIT 1)`);
}
