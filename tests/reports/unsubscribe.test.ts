// Report mails that recipients can stop (issue 32, item 6): every report mail, the test one included, goes to one
// recipient with that address's own one-click unsubscribe (a footer link and RFC 8058 List-Unsubscribe /
// List-Unsubscribe-Post headers); the link's GET only asks, the one-click POST stops the project's mails to that
// address for good (a member listing it again does not resubscribe it; the schedule shows it); customer text in a
// mail is never a link; an organization's report mails are capped per 24 hours; hostile tokens answer 400/404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as unsubscribeRoute from "@/app/api/reports/unsubscribe/route";
import { appBaseUrl } from "@/lib/core/app-base-url";
import { db } from "@/lib/db";
import { GRACE_MS, periodContaining } from "@/lib/reports/periods";
import { listDueReports, sendScheduledReport } from "@/lib/reports/send-due-reports";
import { reportUnsubscribeToken } from "@/lib/reports/unsubscribe-token";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../fakes/smtp-server";
import { createTestTenant, uniqueEmail, type TestTenant } from "../factories";
import { projectFor } from "../issues/helpers";
import { getSchedule, projectWithHistory, putSchedule, scheduleAt, sendTest } from "./helpers";

let smtp: FakeSmtp;
let owner: TestTenant;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  owner = await createTestTenant("report-unsub");
});
afterAll(() => smtp.close());

// Weeks in early 2026, as in cron.test.ts (other suites' schedules, turned on now, are never due then).
const ON = new Date("2026-02-02T09:00:00Z");
const week = (day: string) => periodContaining("weekly", new Date(`${day}T00:00:00Z`));
const dueAfter = (p: ReturnType<typeof week>) => new Date(p.end.getTime() + GRACE_MS + 60_000);
/** What the hourly run does at `at`, for this suite's project only (other suites' schedules are theirs). */
async function sendDueReports(at: Date, t: { projectId: string }) {
  for (const due of await listDueReports(at, 100_000)) if (due.projectId === t.projectId) await sendScheduledReport(due, at);
}

/** The one-click address of a mail, from its raw headers (unfolded), and whether it declares RFC 8058 one-click. */
function oneClick(mail: ReceivedMail): { url: string; post: boolean } {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const url = /^List-Unsubscribe: <([^>]+)>$/im.exec(head)?.[1] ?? "";
  return { url, post: /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im.test(head) };
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const endpoint = (token: string) => `http://127.0.0.1:3000/api/reports/unsubscribe?token=${encodeURIComponent(token)}`;
const open = (token: string) => unsubscribeRoute.GET(new Request(endpoint(token)));
/** What a mail client sends for RFC 8058 one-click. */
const oneClickPost = (token: string, headers: Record<string, string> = {}) => unsubscribeRoute.POST(new Request(endpoint(token), {
  method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "List-Unsubscribe=One-Click",
}));
const hrefs = (html: string) => [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) => m[1].replace(/&#38;|&amp;/g, "&"));

describe("report mails recipients can stop", () => {
  it("give each recipient their own mail with a one-click unsubscribe; GET asks, POST stops that address only, for good", async () => {
    const W1 = week("2026-02-04"), W2 = week("2026-02-11"), W3 = week("2026-02-18");
    const t = await projectWithHistory(owner, W1);
    const [a, b] = [uniqueEmail("client-a"), uniqueEmail("client-b")];
    await scheduleAt(t, "weekly", [a, b], ON);
    await sendDueReports(dueAfter(W1), t);

    const [toA] = await smtp.waitFor(a);
    const [toB] = await smtp.waitFor(b);
    expect(toA.to).toEqual([a.toLowerCase()]); // one message per recipient: they no longer see each other
    expect(toB.to).toEqual([b.toLowerCase()]);
    const linkA = oneClick(toA), linkB = oneClick(toB);
    expect(linkA.post).toBe(true);
    expect(linkA.url.startsWith(`${appBaseUrl()}/api/reports/unsubscribe?token=`)).toBe(true);
    expect(tokenOf(linkA.url)).not.toBe(tokenOf(linkB.url)); // bound to the address
    expect(tokenOf(linkA.url)).not.toContain(a.split("@")[0]); // and the address is not in the URL
    expect(hrefs(toA.html!)).toContain(linkA.url);
    expect(toA.text).toContain(`Stop these reports: ${linkA.url}`);

    // A mail scanner following the link changes nothing: the page asks, with a button that POSTs the one-click form.
    const page = await open(tokenOf(linkA.url));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toMatch(/<form method="post" action="\/api\/reports\/unsubscribe\?token=[^"]+">/);
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await db.reportUnsubscribe.count({ where: { projectId: t.projectId } })).toBe(0);

    // The mail client's one-click POST stops the project's mails to a, only.
    const res = await oneClickPost(tokenOf(linkA.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { unsubscribed: true } });
    expect((await oneClickPost(tokenOf(linkA.url))).status).toBe(200); // idempotent
    expect(await (await open(tokenOf(linkA.url))).text()).toContain("You are unsubscribed");
    const schedule = await getSchedule(t);
    expect(schedule.body.data).toMatchObject({ recipients: [a, b], unsubscribed: [a] });

    await sendDueReports(dueAfter(W2), t);
    expect(await smtp.waitFor(b, 2)).toHaveLength(2);
    expect(smtp.to(a)).toHaveLength(1);

    // A member listing a again (another spelling) does not resubscribe it; the schedule says so.
    const again = await putSchedule(t, { cadence: "weekly", recipients: [a.toUpperCase(), b] });
    expect(again.res.status).toBe(200);
    expect(again.body.data.unsubscribed).toEqual([a.toUpperCase()]);
    await db.reportSchedule.update({ where: { projectId: t.projectId }, data: { activeSince: ON } });
    await sendDueReports(dueAfter(W3), t);
    expect(await smtp.waitFor(b, 3)).toHaveLength(3);
    expect(smtp.to(a)).toHaveLength(1);
    expect((await db.clientReport.findFirstOrThrow({ where: { projectId: t.projectId, periodKey: W3.key } })).recipients).toEqual([b]);
  });

  it("carry the link on the test report too; a member who unsubscribed gets no test report (409)", async () => {
    const member = await createTestTenant("report-unsub-member");
    const p = await projectFor(member);
    expect((await sendTest(p)).res.status).toBe(201);
    const [mail] = await smtp.waitFor(member.email);
    const link = oneClick(mail);
    expect(link.post).toBe(true);
    expect(hrefs(mail.html!)).toContain(link.url);

    const done = await oneClickPost(tokenOf(link.url), { accept: "text/html,application/xhtml+xml" }); // the page's button, in a browser
    expect(done.headers.get("content-type")).toContain("text/html");
    expect(await done.text()).toContain("You are unsubscribed");
    const refused = await sendTest(p);
    expect(refused.res.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: "CONFLICT" });
    expect(smtp.to(member.email)).toHaveLength(1);
  });

  it("never turn customer text into a link: the organization's name and the domain are escaped and defanged", async () => {
    const agency = await createTestTenant("report-unsub-spam");
    const name = `FREE iPhone!! Claim at http://win-prize.example/claim <a href="https://evil.example">now</a> or www.prize.example`;
    await db.organization.update({ where: { id: agency.organizationId }, data: { personal: false, name } });
    const W = week("2026-03-04");
    const t = await projectWithHistory(agency, W);
    const to = uniqueEmail("victim");
    await scheduleAt(t, "weekly", [to], ON);
    await sendDueReports(dueAfter(W), t);
    const [mail] = await smtp.waitFor(to);

    for (const body of [mail.html!, mail.text]) {
      expect(body).not.toMatch(/https?:\/\/(win-prize|evil)/);
      expect(body).not.toMatch(/www\.prize\.example|evil\.example|win-prize\.example/);
      expect(body).toContain("http[:]//win-prize[.]example/claim");
      expect(body).toContain(t.domain.replace(/\./g, "[.]"));
    }
    expect(mail.html).not.toContain("<a href=\"https://evil");
    expect(mail.html).toContain("&#60;a href=&#34;https[:]//evil[.]example&#34;&#62;");
    // The only links in the mail are ours: the unsubscribe link.
    expect(hrefs(mail.html!).every((h) => h.startsWith(`${appBaseUrl()}/`))).toBe(true);
  });

  it("cap an organization's report mails per 24 hours (REPORT_MAILS_PER_ORG_PER_DAY), test reports included", async () => {
    const busy = await createTestTenant("report-unsub-cap");
    process.env.REPORT_MAILS_PER_ORG_PER_DAY = "2";
    const W = week("2026-03-11");
    const t = await projectWithHistory(busy, W);
    const to = [uniqueEmail("cap-1"), uniqueEmail("cap-2"), uniqueEmail("cap-3")];
    await scheduleAt(t, "weekly", to, ON);
    await sendDueReports(dueAfter(W), t);
    await smtp.waitFor(to[1]);
    expect(to.map((e) => smtp.to(e).length)).toEqual([1, 1, 0]);
    const row = await db.clientReport.findFirstOrThrow({ where: { projectId: t.projectId, periodKey: W.key } });
    expect(row).toMatchObject({ status: "failed", deliveredTo: to.slice(0, 2) });
    expect(row.error).toContain("limit of 2 report mails in 24 hours");

    // A retry mails nobody twice and still nobody beyond the cap; a test report is refused (429).
    await db.clientReport.update({ where: { id: row.id }, data: { claimedUntil: null } });
    await sendDueReports(dueAfter(W), t);
    expect(to.map((e) => smtp.to(e).length)).toEqual([1, 1, 0]);
    const test = await sendTest(t);
    expect(test.res.status).toBe(429);
    expect(test.body).toMatchObject({ success: false, code: "RATE_LIMITED" });

    process.env.REPORT_MAILS_PER_ORG_PER_DAY = "10";
    await db.clientReport.update({ where: { id: row.id }, data: { claimedUntil: null } });
    await sendDueReports(dueAfter(W), t);
    await smtp.waitFor(to[2]);
    expect(to.map((e) => smtp.to(e).length)).toEqual([1, 1, 1]);
    expect(await db.clientReport.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent" });
  });
});

describe("the daily cap under a burst", () => {
  it("counts concurrent deliveries of one organization's projects exactly: the cap's worth of mails, the rest 429", async () => {
    const busy = await createTestTenant("report-cap-burst");
    process.env.REPORT_MAILS_PER_ORG_PER_DAY = "2";
    try {
      const projects = await Promise.all(Array.from({ length: 4 }, () => projectFor(busy)));
      const answers = await Promise.all(projects.map((p) => sendTest(p)));
      await new Promise((r) => setTimeout(r, 300)); // any mail still on its way
      expect(smtp.to(busy.email)).toHaveLength(2);
      expect(answers.map((a) => a.res.status).sort()).toEqual([201, 201, 429, 429]);
      expect(answers.find((a) => a.res.status === 429)!.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
      const delivered = await db.clientReport.findMany({ where: { organizationId: busy.organizationId }, select: { deliveredTo: true } });
      expect(delivered.flatMap((r) => r.deliveredTo)).toHaveLength(2);
    } finally {
      process.env.REPORT_MAILS_PER_ORG_PER_DAY = "10";
    }
  }, 60_000);
});

describe("GET and POST /api/reports/unsubscribe with hostile tokens", () => {
  it("answer 404 for forged, truncated, foreign or deleted-project tokens and 400 for NUL or huge ones, in the envelope, never 500", async () => {
    const p = await projectFor(owner);
    const listed = uniqueEmail("listed");
    await putSchedule(p, { cadence: "weekly", recipients: [listed] });
    const good = reportUnsubscribeToken(p.projectId, listed);
    const other = await projectFor(await createTestTenant("report-unsub-other"));
    const cases: [string, number][] = [
      [`${p.projectId}.${"A".repeat(43)}`, 404], // forged MAC
      [good.slice(0, -1), 404], // truncated
      [good.slice(0, 40), 404],
      [reportUnsubscribeToken(p.projectId, uniqueEmail("never-listed")), 404], // an address the project never mailed
      [reportUnsubscribeToken(other.projectId, listed), 404], // another project's
      ["not-a-token", 404],
      [`${good}\u0000`, 400],
      ["\u0000", 400],
      [good + "x".repeat(5000), 400],
      ["", 400],
    ];
    for (const [token, status] of cases) {
      for (const res of [await open(token), await oneClickPost(token)]) {
        expect(res.status, JSON.stringify(token.slice(0, 60))).toBe(status);
        expect(await res.json()).toMatchObject({ success: false, code: status === 404 ? "NOT_FOUND" : "VALIDATION_ERROR" });
      }
    }
    expect(await db.reportUnsubscribe.count({ where: { projectId: { in: [p.projectId, other.projectId] } } })).toBe(0);

    expect((await open(good)).status).toBe(200);
    await db.project.update({ where: { id: p.projectId }, data: { deletedAt: new Date() } });
    expect((await open(good)).status).toBe(404);
    expect((await oneClickPost(good)).status).toBe(404);
  });
});
