// The demo's client reports (scripts/demo-reports.ts, run by scripts/demo-seed.ts on a fresh and on kept demo data):
// after seeding, the project has a share link that opens it (sealed as the app seals one), a weekly report schedule
// to two recipients and one report sent by the cron's own code, to the development mailbox (the demo has no SMTP
// server); a second run adds nothing, and a run after the link expired makes a new one.
import { beforeAll, describe, expect, it } from "vitest";
import type { OrgCtx } from "@/lib/core/context";
import { db } from "@/lib/db";
import { listDevMails } from "@/lib/mail/dev-mailbox";
import { duePeriod, lastCompletePeriod, periodLabel } from "@/lib/reports/periods";
import { hashShareToken } from "@/lib/share-links/internal";
import { openShareLink } from "@/lib/share-links/open-share-link";
import { sharedOverview } from "@/lib/share-links/shared-view";
import { DEMO_REPORT_RECIPIENTS, seedClientReports } from "@/scripts/demo-reports";
import { createTestTenant, type TestTenant } from "../factories";
import { projectWithHistory } from "../reports/helpers";
import { tokenOf } from "../share-links/helpers";
import type { Target } from "../issues/helpers";

const DAY = 86_400_000;
let owner: TestTenant;
let t: Target;
let ctx: OrgCtx;

beforeAll(async () => {
  delete process.env.SMTP_URL; // as scripts/demo.mjs runs the seed (tests/setup-env.ts restores the environment)
  owner = await createTestTenant("demo-reports");
  t = await projectWithHistory(owner, lastCompletePeriod("weekly", new Date()));
  ctx = {
    actor: { type: "user", userId: owner.userId, email: owner.email, sessionId: "demo-seed" },
    org: { id: t.organizationId, role: "owner" }, request: { ipAddress: null, userAgent: "indexwatch-demo-seed" },
  };
});

const rowsOf = async (projectId: string) => ({
  links: await db.shareLink.findMany({ where: { projectId } }),
  schedules: await db.reportSchedule.findMany({ where: { projectId } }),
  reports: await db.clientReport.findMany({ where: { projectId } }),
});

describe("the demo's client reports", () => {
  it("seed a share link that opens the project, a weekly schedule to two recipients and one sent report", async () => {
    const now = new Date();
    const seeded = await seedClientReports(ctx, t.projectId, now);
    expect(seeded.created).toEqual(["share link", "weekly report schedule", expect.stringMatching(/^the report of weekly:\d{4}-\d{2}-\d{2}$/)]);
    const { links, schedules, reports } = await rowsOf(t.projectId);

    // The link: made by the real verb (found by its SHA-256, sealed for the owner's copies), live, viewed 3 times.
    expect(links).toHaveLength(1);
    const [link] = links;
    const token = tokenOf(seeded.shareUrl);
    expect(seeded.shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ id: seeded.shareLinkId, tokenHash: hashShareToken(token), revokedAt: null, viewCount: 3, createdByUserId: owner.userId });
    expect(link.tokenEnc).not.toBeNull();
    expect(link.tokenEnc).not.toContain(token);
    expect(link.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    // The share page's data: the link opens its project, with its overview.
    const shared = await openShareLink(token, false);
    expect(shared).toMatchObject({ linkId: link.id, projectId: t.projectId, domain: t.domain });
    expect((await sharedOverview(shared!, 30)).stats.totalUrls).toBe(10);

    // The schedule: weekly, two recipients, turned on three weeks ago.
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ cadence: "weekly", recipients: DEMO_REPORT_RECIPIENTS });
    expect(DEMO_REPORT_RECIPIENTS).toHaveLength(2);
    expect(schedules[0].activeSince!.getTime()).toBeLessThan(now.getTime() - 20 * DAY);

    // The report: the newest due week, sent by the cron's code to both recipients, with its PDF, dated at the cron's run.
    const period = duePeriod("weekly", schedules[0].activeSince!, now)!;
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(report).toMatchObject({ id: seeded.reportId, status: "sent", test: false, periodKey: period.key, recipients: DEMO_REPORT_RECIPIENTS, attempts: 1, error: null });
    expect(Buffer.from(report.pdf!).subarray(0, 5).toString()).toBe("%PDF-");
    expect(report.generatedAt!.getTime()).toBeGreaterThan(period.end.getTime());
    expect(report.sentAt!.getTime()).toBeLessThan(now.getTime());
    // No SMTP server: the mail went to the log and the development mailbox, to each recipient.
    for (const to of DEMO_REPORT_RECIPIENTS) {
      expect((await listDevMails(to)).map((m) => m.subject)).toContain(`Weekly indexing report for ${t.domain}: ${periodLabel(period)}`);
    }
  });

  it("add nothing on a second run, and a new link once the old one has expired", async () => {
    const before = await rowsOf(t.projectId);
    const again = await seedClientReports(ctx, t.projectId);
    expect(again.created).toEqual([]);
    const after = await rowsOf(t.projectId);
    expect(after.links.map((l) => l.id)).toEqual(before.links.map((l) => l.id));
    expect(after.reports.map((r) => [r.id, r.status])).toEqual(before.reports.map((r) => [r.id, r.status]));
    expect(after.schedules).toEqual(before.schedules);
    expect(again.shareLinkId).toBe(before.links[0].id);

    const later = new Date(before.links[0].expiresAt.getTime() + DAY);
    const expired = await seedClientReports(ctx, t.projectId, later);
    expect(expired.created).toContain("share link");
    expect(expired.shareLinkId).not.toBe(before.links[0].id);
    expect(await openShareLink(tokenOf(expired.shareUrl), false, later)).toMatchObject({ projectId: t.projectId });
  });
});

