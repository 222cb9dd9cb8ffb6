import { systemCtx } from "@/lib/core/context";
import { db, withTransaction } from "@/lib/db";
import { sendMail } from "@/lib/mail/send-mail";
import { dropOlderPdfs } from "./internal";
import { dailyCapMessage, releaseReportMail, reportMailsPerDay, reserveReportMail } from "./mail-cap";
import type { Period } from "./periods";
import { renderReport } from "./render-report";
import type { ReportProject } from "./report-data";
import { reportMail } from "./report-email";
import { unsubscribedAmong } from "./unsubscribe-from-reports";
import { reportUnsubscribeUrl } from "./unsubscribe-token";

export type Delivery = { status: "sent" | "failed"; generatedAt: Date | null; error: string | null };

/**
 * Renders the report of a claimed client_reports row, mails it to each recipient (one message each, with that
 * address's own unsubscribe link) and records the outcome on that row, fenced by the attempt that claimed it (a row
 * claimed again since then is left to its new owner). Each accepted copy is recorded (`delivered_to`), so a retry
 * mails only the others; an address that unsubscribed meanwhile, and every copy beyond the organization's daily cap,
 * is not mailed. The PDF is kept even when the mail fails, so the report can still be downloaded. Never throws for
 * a mail or rendering failure: it is recorded.
 */
export async function deliverReport(claim: { id: string; attempts: number }, project: ReportProject, period: Period, to: string[], opts: { test: boolean; now?: Date }): Promise<Delivery> {
  const now = opts.now ?? new Date();
  const fence = { id: claim.id, attempts: claim.attempts };
  let generatedAt: Date | null = null;
  try {
    const { data, pdf } = await renderReport(project, period, now);
    generatedAt = now;
    const row = await withTransaction(systemCtx("deliver-report"), async (ctx) => {
      const { tx } = ctx;
      await tx.clientReport.updateMany({ where: fence, data: { pdf: Buffer.from(pdf), generatedAt } });
      await dropOlderPdfs(ctx, { id: claim.id, projectId: project.id });
      return tx.clientReport.findUnique({ where: { id: claim.id }, select: { deliveredTo: true } });
    });
    const delivered = new Set((row?.deliveredTo ?? []).map((e) => e.toLowerCase()));
    const gone = new Set(await unsubscribedAmong(project.id, to));
    const left = to.filter((e) => !delivered.has(e.toLowerCase()) && !gone.has(e));
    const cap = reportMailsPerDay();
    for (const email of left) {
      const taken = await reserveReportMail(project.organizationId, fence, email, cap);
      if (taken === "capped") throw new Error(dailyCapMessage(cap));
      if (taken === "lost") break;
      try {
        await sendMail(reportMail(data, pdf, email, { test: opts.test, unsubscribeUrl: reportUnsubscribeUrl(project.id, email) }));
      } catch (e) {
        await releaseReportMail(fence, email);
        throw e;
      }
    }
    await db.clientReport.updateMany({ where: fence, data: { status: "sent", sentAt: new Date(), claimedUntil: null, error: null } });
    return { status: "sent", generatedAt, error: null };
  } catch (e) {
    const error = (e instanceof Error ? e.message : String(e)).replace(/\u0000/g, "").slice(0, 500);
    console.error(`[reports] the ${opts.test ? "test" : "scheduled"} report ${claim.id} of ${project.domain} failed`, e);
    await db.clientReport.updateMany({ where: fence, data: { status: "failed", error, claimedUntil: null } });
    return { status: "failed", generatedAt, error };
  }
}
