import { inngest } from "@/inngest/client";
import { listDueReports, sendScheduledReport, type SendOutcome } from "@/lib/reports/send-due-reports";

// Hourly (at :40, after the 00:15 snapshots): the client reports whose period has ended, each in its own step keyed
// by project and period. Each report is claimed in the database before it is rendered or mailed, so a retried step,
// a second run or a second worker never mails a period twice; a failed mail is retried by the next runs (3 in all).
export const sendClientReportsFn = inngest.createFunction(
  { id: "reports-send-due", triggers: [{ cron: "TZ=UTC 40 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const due = await step.run("list", () => listDueReports(new Date()));
    const counts: Record<SendOutcome, number> = { sent: 0, failed: 0, skipped: 0 };
    for (const d of due) counts[await step.run(`send-${d.projectId}-${d.periodKey}`, () => sendScheduledReport(d, new Date()))]++;
    return { due: due.length, ...counts };
  },
);
