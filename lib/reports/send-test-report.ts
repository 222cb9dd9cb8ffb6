import crypto from "node:crypto";
import { userActorOrThrow, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { Prisma, withTransaction } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { deliverReport } from "./deliver-report";
import { reportProject, scheduleOf } from "./internal";
import { dailyCapMessage, reportMailsPerDay, reportMailsSince } from "./mail-cap";
import { lastCompletePeriod } from "./periods";
import { TestReportResponse } from "./schemas";
import { unsubscribedAmong } from "./unsubscribe-from-reports";

export const TEST_REPORTS_PER_HOUR = 5;

/**
 * Renders the report of the last complete period (of the schedule's cadence; weekly while off) and mails it to the
 * person asking, only: a test never reaches the recipients. It becomes the latest report (GET reports/latest).
 * At most TEST_REPORTS_PER_HOUR per project (429 RATE_LIMITED); a failed mail is a 502 UPSTREAM_ERROR.
 */
export async function sendTestReport(ctx: OrgCtx, projectId: string, now = new Date()): Promise<TestReportResponse> {
  const actor = userActorOrThrow(ctx);
  const found = await getProjectOrThrow(ctx, projectId);
  if ((await unsubscribedAmong(found.id, [actor.email])).length) {
    throw new DomainError("CONFLICT", "Your address unsubscribed from this project's reports (the link in a report mail), so no report is mailed to it");
  }
  const cap = reportMailsPerDay();
  if (await reportMailsSince(ctx.org.id, now) >= cap) throw new DomainError("RATE_LIMITED", dailyCapMessage(cap), { retryAfterSeconds: 3600 });
  const schedule = await scheduleOf(ctx, found.id);
  const period = lastCompletePeriod(schedule?.cadence === "monthly" ? "monthly" : "weekly", now);
  const project = (await reportProject(ctx, found.id, ctx.org.id))!;
  // Counted and recorded in one transaction behind a per-project lock: a burst of tests is counted one by one. A
  // transaction's time runs while it waits for that lock, behind the others of the burst, whose reports render on this
  // event loop meanwhile: the last of twelve waited 5.6 s on an idle 2-core machine, past Prisma's 5 s (a 500).
  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtextextended(${`report-test:${found.id}`}, 0))`);
    const hourAgo = new Date(now.getTime() - 3600_000);
    const recent = await tx.clientReport.findMany({ where: { projectId: found.id, test: true, createdAt: { gt: hourAgo } }, orderBy: { createdAt: "asc" }, select: { createdAt: true } });
    if (recent.length >= TEST_REPORTS_PER_HOUR) {
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0].createdAt.getTime() + 3600_000 - now.getTime()) / 1000));
      throw new DomainError("RATE_LIMITED", `At most ${TEST_REPORTS_PER_HOUR} test reports an hour per project; try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`, { retryAfterSeconds });
    }
    return tx.clientReport.create({
      data: {
        organizationId: ctx.org.id, projectId: found.id, periodKey: `test:${crypto.randomUUID()}`, cadence: period.cadence, periodStart: period.start,
        periodEnd: period.end, test: true, recipients: [actor.email], attempts: 1, claimedUntil: new Date(now.getTime() + 10 * 60_000), createdAt: now,
      },
    });
  }, { maxWait: 30_000, timeout: 30_000 });
  const delivery = await deliverReport({ id: row.id, attempts: 1 }, project, period, [actor.email], { test: true, now });
  if (delivery.status === "failed" && !delivery.generatedAt) throw new Error(`The test report could not be rendered: ${delivery.error}`);
  // Another delivery of the organization took the last of the day's mails first.
  if (delivery.status === "failed" && delivery.error === dailyCapMessage(cap)) throw new DomainError("RATE_LIMITED", dailyCapMessage(cap), { retryAfterSeconds: 3600 });
  if (delivery.status === "failed") throw new DomainError("UPSTREAM_ERROR", "The report could not be sent: the mail server refused it or did not answer. Try again later.");
  return TestReportResponse.parse({
    sentTo: [actor.email], cadence: period.cadence, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString(), generatedAt: delivery.generatedAt!.toISOString(),
  });
}
