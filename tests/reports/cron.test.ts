// The scheduled client reports (reports-send-due): each due period mailed once to the recipients, with the PDF
// attached (its text checked: domain, period, Google and Bing, the numbers), whatever runs again or at once; a
// period that ended before the schedule was turned on is never mailed; a failed mail is retried, 3 attempts in all.
// The clock stays in early 2026, so other suites' schedules (turned on now) are never due here.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sendClientReportsFn } from "@/inngest/functions/reports/send-client-reports";
import { db } from "@/lib/db";
import { GRACE_MS, lastCompletePeriod, periodContaining } from "@/lib/reports/periods";
import { listDueReports, MAX_ATTEMPTS, sendDueReports, sendScheduledReport } from "@/lib/reports/send-due-reports";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { createTestTenant, uniqueEmail, type TestTenant } from "../factories";
import { getLatest, pdfText, projectWithHistory, scheduleAt } from "./helpers";
import { runUnderInngest } from "../inngest-engine";

let smtp: FakeSmtp;
const previous = process.env.SMTP_URL;
let owner: TestTenant;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  owner = await createTestTenant("report-cron");
});
afterAll(async () => {
  process.env.SMTP_URL = previous;
  await smtp.close();
});
afterEach(() => vi.useRealTimers());

const ON = new Date("2026-01-05T09:00:00Z"); // a Monday morning: the week of 5 January is the first one after it
const WEEK = periodContaining("weekly", new Date("2026-01-07T00:00:00Z"));
const DUE = new Date(WEEK.end.getTime() + GRACE_MS + 60_000); // Monday 12 January, 00:41
const reportsOf = (projectId: string) => db.clientReport.findMany({ where: { projectId }, orderBy: { createdAt: "asc" } });

describe("scheduled client reports", () => {
  it("mail a due week once to every recipient, with a PDF that says what happened", async () => {
    const t = await projectWithHistory(owner, WEEK);
    const to = [uniqueEmail("client"), uniqueEmail("agency")];
    await scheduleAt(t, "weekly", to, ON);

    expect(await listDueReports(new Date(WEEK.end.getTime() + GRACE_MS - 1000))).not.toContainEqual(expect.objectContaining({ projectId: t.projectId }));
    expect(await listDueReports(DUE)).toContainEqual({ projectId: t.projectId, organizationId: t.organizationId, cadence: "weekly", periodStart: WEEK.start.toISOString(), periodKey: "weekly:2026-01-05" });
    await sendDueReports(DUE);

    const [mail] = await smtp.waitFor(to[0]);
    expect(mail.to).toEqual([to[0].toLowerCase()]); // one message per recipient (each with its own unsubscribe link)
    expect((await smtp.waitFor(to[1])).map((m) => m.to)).toEqual([[to[1].toLowerCase()]]);
    expect(mail.subject).toBe(`Weekly indexing report for ${t.domain}: 5–11 January 2026`);
    expect(mail.text).toContain("Indexed by Google or Bing: 8 of 10 tracked pages (+3)");
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0].content;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const expected of [t.domain, "Week of 5–11 January 2026", "Google and Bing", "Indexed on Google", "Indexed on Bing", "Time to index",
      "Opened this week", "Broken pages (4xx)", "Fixed this week", "Redirect chains", "No sitemap found", "site-wide", "4 of 4 URLs sent in 1 batch were accepted by IndexNow"]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/engine ?[AB]\b/i);
    expect(text).toContain("Prepared with IndexWatch"); // a personal organization is named after its owner's email: not in the report
    expect(`${text} ${mail.text}`).not.toContain(owner.email);

    const [row] = await reportsOf(t.projectId);
    expect(row).toMatchObject({ periodKey: "weekly:2026-01-05", status: "sent", attempts: 1, test: false, recipients: to, claimedUntil: null });
    const latest = await getLatest({ organizationId: t.organizationId, projectId: t.projectId, headers: t.headers });
    expect(latest.bytes.equals(pdf)).toBe(true);

    // Later runs in the same week send nothing more.
    await sendDueReports(DUE);
    await sendDueReports(new Date(DUE.getTime() + 3 * 86_400_000));
    expect(smtp.to(to[0])).toHaveLength(1);
    expect(await reportsOf(t.projectId)).toHaveLength(1);
  });

  it("send a period once when two workers, or a retried step, run it at the same time", async () => {
    const t = await projectWithHistory(owner, WEEK);
    const to = [uniqueEmail("race")];
    await scheduleAt(t, "weekly", to, ON);
    const due = (await listDueReports(DUE)).find((d) => d.projectId === t.projectId)!;
    const outcomes = await Promise.all([sendScheduledReport(due, DUE), sendScheduledReport(due, DUE), sendScheduledReport(due, DUE)]);
    expect(outcomes.sort()).toEqual(["sent", "skipped", "skipped"]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(to[0])).toHaveLength(1);
    expect(await sendScheduledReport(due, DUE)).toBe("skipped");
  });

  it("never mail a period that ended before the schedule was turned on, and follow the cadence from there", async () => {
    const t = await projectWithHistory(owner, WEEK);
    const to = [uniqueEmail("late")];
    await scheduleAt(t, "weekly", to, new Date("2026-01-14T12:00:00Z")); // a Wednesday: the week of 5 January is over
    const due = await listDueReports(DUE);
    expect(due.map((d) => d.projectId)).not.toContain(t.projectId);
    const next = new Date("2026-01-19T01:00:00Z");
    expect((await listDueReports(next)).find((d) => d.projectId === t.projectId)?.periodKey).toBe("weekly:2026-01-12");

    const monthly = await projectWithHistory(owner, lastCompletePeriod("monthly", new Date("2026-02-01T01:00:00Z")));
    const mto = [uniqueEmail("monthly")];
    await scheduleAt(monthly, "monthly", mto, ON);
    const feb = new Date("2026-02-01T01:00:00Z");
    const dueMonth = (await listDueReports(feb)).find((d) => d.projectId === monthly.projectId)!;
    expect(dueMonth.periodKey).toBe("monthly:2026-01-01");
    expect(await sendScheduledReport(dueMonth, feb)).toBe("sent");
    const [mail] = await smtp.waitFor(mto[0]);
    expect(mail.subject).toBe(`Monthly indexing report for ${monthly.domain}: January 2026`);
    expect(await pdfText(mail.attachments[0].content)).toContain("Opened this month");
  });

  it("send nothing for schedules that are off, without recipients, or of paused or deleted projects", async () => {
    const ids: string[] = [];
    for (const [state, recipients] of [["off", ["a@client.example"]], ["none", []], ["paused", ["b@client.example"]], ["deleted", ["c@client.example"]]] as const) {
      const t = await projectWithHistory(owner, WEEK);
      ids.push(t.projectId);
      await scheduleAt(t, "weekly", [...recipients], ON);
      if (state === "off") await db.reportSchedule.update({ where: { projectId: t.projectId }, data: { cadence: "off" } });
      if (state === "paused") await db.project.update({ where: { id: t.projectId }, data: { status: "paused" } });
      if (state === "deleted") await db.project.update({ where: { id: t.projectId }, data: { deletedAt: new Date(), liveDomain: null } });
    }
    expect((await listDueReports(DUE)).filter((d) => ids.includes(d.projectId))).toEqual([]);
  });

  it("retry a failed mail in later runs, at most 3 attempts in all, keeping the PDF", async () => {
    const t = await projectWithHistory(owner, WEEK);
    const to = [uniqueEmail("retry")];
    await scheduleAt(t, "weekly", to, ON);
    const due = (await listDueReports(DUE)).find((d) => d.projectId === t.projectId)!;
    process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens there
    try {
      expect(await sendScheduledReport(due, DUE)).toBe("failed");
      const [failed] = await reportsOf(t.projectId);
      expect(failed).toMatchObject({ status: "failed", attempts: 1, claimedUntil: null });
      expect(failed.error).toBeTruthy();
      expect(Buffer.from(failed.pdf!).subarray(0, 5).toString()).toBe("%PDF-");
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    expect((await listDueReports(DUE)).map((d) => d.projectId)).toContain(t.projectId);
    expect(await sendScheduledReport(due, DUE)).toBe("sent");
    expect(await smtp.waitFor(to[0])).toHaveLength(1);
    expect((await reportsOf(t.projectId))[0]).toMatchObject({ status: "sent", attempts: 2, error: null });

    const gaveUp = await projectWithHistory(owner, WEEK);
    await scheduleAt(gaveUp, "weekly", [uniqueEmail("gave-up")], ON);
    const dueToo = (await listDueReports(DUE)).find((d) => d.projectId === gaveUp.projectId)!;
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      for (let i = 0; i < MAX_ATTEMPTS; i++) expect(await sendScheduledReport(dueToo, DUE)).toBe("failed");
      expect(await sendScheduledReport(dueToo, DUE)).toBe("skipped");
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    expect((await listDueReports(DUE)).map((d) => d.projectId)).not.toContain(gaveUp.projectId);
  });

  it("run as the hourly Inngest function, one step per report", async () => {
    const t = await projectWithHistory(owner, WEEK);
    const to = [uniqueEmail("inngest")];
    await scheduleAt(t, "weekly", to, ON);
    vi.useFakeTimers({ toFake: ["Date"], now: DUE });
    const { result, error } = await runUnderInngest(sendClientReportsFn);
    vi.useRealTimers();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ due: expect.any(Number), sent: expect.any(Number), failed: 0 });
    expect((result as { sent: number }).sent).toBeGreaterThanOrEqual(1);
    expect(await smtp.waitFor(to[0])).toHaveLength(1);
    expect((await reportsOf(t.projectId))[0].status).toBe("sent");
  });
});
