import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { deliverReport } from "./deliver-report";
import { reportProject } from "./internal";
import { duePeriod, periodContaining, type Cadence } from "./periods";
import { unsubscribedAmong } from "./unsubscribe-from-reports";

// The scheduled client reports: each hourly run finds the projects whose latest period is due and not yet sent,
// and sends each one once. The row per project and period (unique period_key) is claimed by one statement, with
// a lease, before anything is rendered or mailed: a retried step, an overlapping run or a second worker finds it
// claimed or sent and does nothing. A failed send is retried by later runs, up to MAX_ATTEMPTS in all.

export const MAX_ATTEMPTS = 3;
export const LEASE_MS = 10 * 60_000;
export const DUE_PER_RUN = 500;

export type DueReport = { projectId: string; organizationId: string; cadence: Cadence; periodStart: string; periodKey: string };
export type SendOutcome = "sent" | "failed" | "skipped";

/** Reports due by `now` and neither sent nor out of attempts, oldest schedules first. */
export async function listDueReports(now = new Date(), limit = DUE_PER_RUN): Promise<DueReport[]> {
  const schedules = await db.$queryRaw<{ project_id: string; organization_id: string; cadence: Cadence; active_since: Date }[]>(Prisma.sql`
    SELECT s.project_id, s.organization_id, s.cadence, s.active_since
    FROM report_schedules s
    JOIN projects p ON p.id = s.project_id AND p.organization_id = s.organization_id AND p.deleted_at IS NULL AND p.status = 'active'
    JOIN organizations o ON o.id = p.organization_id AND o.deleted_at IS NULL
    WHERE s.cadence <> 'off' AND cardinality(s.recipients) > 0 AND s.active_since IS NOT NULL
    ORDER BY s.active_since, s.project_id`);
  const due = schedules.flatMap((s) => {
    const p = duePeriod(s.cadence, s.active_since, now);
    return p ? [{ projectId: s.project_id, organizationId: s.organization_id, cadence: s.cadence, periodStart: p.start.toISOString(), periodKey: p.key }] : [];
  });
  if (!due.length) return [];
  const done = await db.clientReport.findMany({
    where: { projectId: { in: due.map((d) => d.projectId) }, periodKey: { in: [...new Set(due.map((d) => d.periodKey))] }, OR: [{ status: "sent" }, { attempts: { gte: MAX_ATTEMPTS } }] },
    select: { projectId: true, periodKey: true },
  });
  const seen = new Set(done.map((d) => `${d.projectId} ${d.periodKey}`));
  return due.filter((d) => !seen.has(`${d.projectId} ${d.periodKey}`)).slice(0, limit);
}

/** Claims, renders and mails one due report; "skipped" when it is sent, claimed elsewhere, out of attempts or no longer scheduled. */
export async function sendScheduledReport(due: DueReport, now = new Date()): Promise<SendOutcome> {
  const period = periodContaining(due.cadence, new Date(due.periodStart));
  const schedule = await db.reportSchedule.findFirst({ where: { projectId: due.projectId, organizationId: due.organizationId, cadence: due.cadence } });
  // Addresses that unsubscribed get nothing, whatever the schedule lists; with none left there is nothing to send.
  const gone = new Set(schedule ? await unsubscribedAmong(due.projectId, schedule.recipients) : []);
  const recipients = (schedule?.recipients ?? []).filter((e) => !gone.has(e));
  const project = recipients.length ? await reportProject(systemCtx("send-due-reports"), due.projectId, due.organizationId) : null;
  if (!schedule || !project) return "skipped";
  const [claim] = await db.$queryRaw<{ id: string; attempts: number }[]>(Prisma.sql`
    INSERT INTO client_reports (id, organization_id, project_id, period_key, cadence, period_start, period_end, recipients, attempts, claimed_until, status)
    VALUES (${crypto.randomUUID()}::uuid, ${due.organizationId}::uuid, ${due.projectId}::uuid, ${period.key}, ${due.cadence}::"ReportCadence",
            ${period.start}, ${period.end}, ${recipients}::text[], 1, ${new Date(now.getTime() + LEASE_MS)}, 'pending')
    ON CONFLICT (project_id, period_key) DO UPDATE
      SET attempts = client_reports.attempts + 1, claimed_until = EXCLUDED.claimed_until, recipients = EXCLUDED.recipients, status = 'pending'
      WHERE client_reports.status <> 'sent' AND client_reports.attempts < ${MAX_ATTEMPTS}
        AND (client_reports.claimed_until IS NULL OR client_reports.claimed_until < ${now})
    RETURNING id::text, attempts`);
  if (!claim) return "skipped";
  const delivery = await deliverReport(claim, project, period, recipients, { test: false, now });
  return delivery.status;
}

/** One run over everything due (the cron's work without its steps; the CLI and tests call it). */
export async function sendDueReports(now = new Date()): Promise<Record<SendOutcome, number>> {
  const counts = { sent: 0, failed: 0, skipped: 0 };
  for (const due of await listDueReports(now)) counts[await sendScheduledReport(due, now)]++;
  return counts;
}
