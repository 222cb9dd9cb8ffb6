// The client report schedule, the test report and GET reports/latest through their routes: validation (emails, at
// most 20, duplicates dropped, NUL), when a cadence starts counting, the test mailed to the caller only with its PDF,
// its hourly limit, the latest PDF as a download (404 before the first) and tenancy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActionValue } from "@/lib/audit-log/actions";
import { db } from "@/lib/db";
import { TEST_REPORTS_PER_HOUR } from "@/lib/reports/send-test-report";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { apiKeyHeader } from "../http";
import { createTestApiKey, createTestTenant, type TestTenant } from "../factories";
import { projectFor, type Target } from "../issues/helpers";
import { getLatest, getSchedule, pdfText, putSchedule, sendTest } from "./helpers";

let smtp: FakeSmtp;
const previous = process.env.SMTP_URL;
let owner: TestTenant, attacker: TestTenant;
let t: Target, theirs: Target;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  owner = await createTestTenant("report-owner");
  attacker = await createTestTenant("report-attacker");
  t = await projectFor(owner);
  theirs = await projectFor(attacker);
});
afterAll(async () => {
  process.env.SMTP_URL = previous;
  await smtp.close();
});

const emails = (n: number, tag = "r") => Array.from({ length: n }, (_, i) => `${tag}${i}@client.example`);

describe("the report schedule", () => {
  it("starts off, and a cadence with recipients (deduplicated) schedules the next period", async () => {
    expect((await getSchedule(t)).body.data).toEqual({ cadence: "off", recipients: [], unsubscribed: [], activeSince: null, nextReport: null, lastReport: null });
    const { res, body } = await putSchedule(t, { cadence: "weekly", recipients: [" Client@Example.com ", "client@example.com", "seo@agency.example", "CLIENT@EXAMPLE.COM"] });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ cadence: "weekly", recipients: ["Client@Example.com", "seo@agency.example"], unsubscribed: [], lastReport: null });
    expect(Date.parse(body.data.activeSince)).toBeGreaterThan(Date.now() - 60_000);
    const next = body.data.nextReport;
    expect(new Date(next.start).getUTCDay()).toBe(1); // a Monday
    expect(Date.parse(next.end) - Date.parse(next.start)).toBe(7 * 86_400_000);
    expect(Date.parse(next.sendsAfter)).toBe(Date.parse(next.end) + 40 * 60_000);
    const audit = await db.auditLog.findFirstOrThrow({ where: { targetType: "project", targetId: t.projectId }, orderBy: { createdAt: "desc" } });
    expect([auditActionValue(audit.action), audit.metadata]).toEqual(["settings.updated", { change: "report_schedule_updated", cadence: "weekly", recipients: 2, previousCadence: "off" }]);
  });

  it("keeps activeSince while only the recipients change, restarts it with a new cadence and clears it when off", async () => {
    const first = (await putSchedule(t, { cadence: "weekly", recipients: ["a@client.example"] })).body.data;
    const same = (await putSchedule(t, { cadence: "weekly", recipients: ["b@client.example"] })).body.data;
    expect(same.activeSince).toBe(first.activeSince);
    const monthly = (await putSchedule(t, { cadence: "monthly", recipients: ["b@client.example"] })).body.data;
    expect(Date.parse(monthly.activeSince)).toBeGreaterThanOrEqual(Date.parse(first.activeSince));
    expect(new Date(monthly.nextReport.start).getUTCDate()).toBe(1);
    const off = (await putSchedule(t, { cadence: "off", recipients: [] })).body.data;
    expect(off).toMatchObject({ cadence: "off", recipients: [], activeSince: null, nextReport: null });
  });

  it("accepts 20 recipients (25 entries with duplicates) and refuses 21, bad addresses, NUL and bad shapes with 400", async () => {
    await putSchedule(t, { cadence: "weekly", recipients: ["keep@client.example"] });
    const twenty = emails(20);
    expect((await putSchedule(t, { cadence: "monthly", recipients: [...twenty, ...twenty.slice(0, 5).map((e) => e.toUpperCase())] })).body.data.recipients).toEqual(twenty);
    await putSchedule(t, { cadence: "weekly", recipients: ["keep@client.example"] });
    const bad: unknown[] = [
      { cadence: "weekly", recipients: emails(21) },
      { cadence: "weekly", recipients: ["not-an-email"] },
      { cadence: "weekly", recipients: ["a@b"] },
      { cadence: "weekly", recipients: ["a\u0000@client.example"] },
      { cadence: "weekly", recipients: [`${"a".repeat(250)}@client.example`] },
      { cadence: "weekly", recipients: [42] },
      { cadence: "weekly", recipients: "a@client.example" },
      { cadence: "weekly", recipients: [] },
      { cadence: "monthly" },
      { cadence: "daily", recipients: ["a@client.example"] },
      { recipients: ["a@client.example"] },
      { cadence: "weekly", recipients: ["a@client.example"], extra: true },
      { cadence: "weekly", recipients: emails(101) },
      [], "weekly", null,
    ];
    for (const json of bad) {
      const { res, body } = await putSchedule(t, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    const { body } = await putSchedule(t, { cadence: "weekly", recipients: emails(21) });
    expect(body.meta?.errors?.[0]).toMatchObject({ path: "recipients", message: "At most 20 recipients" });
    expect((await getSchedule(t)).body.data).toMatchObject({ cadence: "weekly", recipients: ["keep@client.example"] });
  });

  it("answers 404 for another organization's project", async () => {
    const asAttacker = { ...t, headers: theirs.headers };
    expect((await getSchedule(asAttacker)).res.status).toBe(404);
    expect((await putSchedule(asAttacker, { cadence: "off", recipients: [] })).res.status).toBe(404);
    expect((await sendTest(asAttacker)).res.status).toBe(404);
    expect((await getLatest(asAttacker)).res.status).toBe(404);
    expect((await getSchedule(t)).body.data.cadence).toBe("weekly");
  });
});

describe("the test report and the latest PDF", () => {
  it("answers 404 NOT_FOUND before the first report", async () => {
    const fresh = await projectFor(owner);
    const { res, bytes } = await getLatest(fresh);
    expect(res.status).toBe(404);
    expect(JSON.parse(bytes.toString())).toMatchObject({ success: false, code: "NOT_FOUND", message: expect.stringContaining("No client report yet") });
  });

  it("mails the last complete period's report to the caller only, with the PDF, and serves it as the latest", async () => {
    const p = await projectFor(owner);
    await putSchedule(p, { cadence: "weekly", recipients: ["client-only@client.example"] });
    const { res, body } = await sendTest(p);
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ sentTo: [owner.email], cadence: "weekly" });
    const [mail] = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe(`[Test] Weekly indexing report for ${p.domain}: ${mail.subject.split(": ").pop()}`);
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file.contentType).toBe("application/pdf");
    expect(file.filename).toBe(`indexwatch-report-${p.domain}-${body.data.periodStart.slice(0, 10)}.pdf`);
    expect(file.content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfText(file.content)).toContain(p.domain);
    expect(smtp.to("client-only@client.example")).toHaveLength(0);

    const latest = await getLatest(p);
    expect(latest.res.status).toBe(200);
    expect(latest.res.headers.get("content-type")).toBe("application/pdf");
    expect(latest.res.headers.get("content-disposition")).toBe(`attachment; filename="${file.filename}"`);
    expect(latest.bytes.equals(file.content)).toBe(true);
    expect((await getSchedule(p)).body.data.lastReport).toMatchObject({ test: true, status: "sent", recipients: 1, cadence: "weekly", start: body.data.periodStart });
  });

  it(`allows ${TEST_REPORTS_PER_HOUR} test reports an hour per project, then 429 with Retry-After`, async () => {
    const p = await projectFor(owner);
    const key = await createTestApiKey(owner, ["projects:write", "organization:read"]);
    const viaKey = { ...p, headers: apiKeyHeader(key.key) };
    for (let i = 0; i < TEST_REPORTS_PER_HOUR; i++) expect((await sendTest(i % 2 ? viaKey : p)).res.status).toBe(201);
    const refused = await sendTest(p);
    expect(refused.res.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Only the newest PDF is kept; the older rows stay as the send log.
    const rows = await db.clientReport.findMany({ where: { projectId: p.projectId } });
    expect(rows).toHaveLength(TEST_REPORTS_PER_HOUR);
    expect(rows.filter((r) => r.pdf !== null)).toHaveLength(1);
  });

  it(`counts a burst of 12 test reports one by one: ${TEST_REPORTS_PER_HOUR} sent, the rest 429`, async () => {
    const p = await projectFor(owner);
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => sendTest(p)))).map((r) => r.res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(TEST_REPORTS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - TEST_REPORTS_PER_HOUR);
    expect(await db.clientReport.count({ where: { projectId: p.projectId, test: true } })).toBe(TEST_REPORTS_PER_HOUR);
  }, 60_000);

  it("needs projects:write to send a test and projects:read to download", async () => {
    const key = await createTestApiKey(owner, ["projects:read", "organization:read"]);
    const reader = { ...t, headers: apiKeyHeader(key.key) };
    expect((await sendTest(reader)).res.status).toBe(403);
    expect((await getLatest(reader)).res.status).toBe(404); // allowed, and there is no report yet
  });
});
