// The client report's PDF layout and branding, rendered by the report cron's own function (renderReport): a usual
// week fits on one page; a week with full issue tables flows onto a second page that carries whole sections, not a
// lone line; the organization's display name, logo and accent colour head the report (REPORT_PNG_DIR=dir writes the
// pages as PNGs with pdftoppm, to look at them).
import { systemCtx } from "@/lib/core/context";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { issueTitle } from "@/lib/issues/issue-types";
import { db } from "@/lib/db";
import type { IssueType } from "@/lib/db";
import { reportProject } from "@/lib/reports/internal";
import { periodContaining } from "@/lib/reports/periods";
import { renderReport } from "@/lib/reports/render-report";
import { createTestTenant, type TestTenant } from "../factories";
import { detectUrls, trackUrls, type Target } from "../issues/helpers";
import { makePng } from "../images";
import { projectWithHistory } from "./helpers";

const WEEK = periodContaining("weekly", new Date("2026-02-04T00:00:00Z"));
const AFTER = new Date(WEEK.end.getTime() + 3_600_000);
const DAY = 86_400_000;
const URL_ISSUES: IssueType[] = ["broken_link", "server_error", "redirect_chain", "redirect_loop", "waf_challenge_detected", "has_noindex", "canonical_mismatch", "blocked_by_robots", "crawled_not_indexed"];

let owner: TestTenant;
beforeAll(async () => {
  owner = await createTestTenant("report-layout");
  await db.organization.update({ where: { id: owner.organizationId }, data: { name: "Northwind Agency", personal: false } });
});

/** Per page, the text a reader's copy-paste gives. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).pages.map((p) => p.text.normalize("NFC"));
  } finally {
    await parser.destroy();
  }
}

async function render(t: Target, name: string) {
  const project = await reportProject(systemCtx("test"), t.projectId, t.organizationId);
  const { pdf } = await renderReport(project!, WEEK, AFTER);
  const dir = process.env.REPORT_PNG_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.pdf`), pdf);
    execFileSync("pdftoppm", ["-png", "-r", "60", path.join(dir, `${name}.pdf`), path.join(dir, name)]);
  }
  return { pdf, pages: await pagesOf(pdf) };
}

describe("the report's layout", () => {
  it("fits a usual week on one page", async () => {
    const { pages } = await render(await projectWithHistory(owner, WEEK), "usual");
    expect(pages).toHaveLength(1);
    for (const section of ["At a glance", "Google and Bing", "Submitted through IndexNow", "Indexed pages over the last 90 days", "Time to index", "Issues", "Fixed this week"]) {
      expect(pages[0]).toContain(section);
    }
  });

  it("flows a week with full issue tables onto a second page that holds whole sections", async () => {
    const t = await projectWithHistory(owner, WEEK);
    const urls = await trackUrls(t, 20, "q");
    const inside = new Date(WEEK.start.getTime() + 2 * DAY);
    for (const [i, type] of URL_ISSUES.entries()) {
      await detectUrls(t, type, urls.slice(i, i + 2), [], {}, new Date(WEEK.start.getTime() - 5 * DAY));
      await detectUrls(t, type, urls.slice(10 + i, 11 + i), urls.slice(i, i + 1), {}, inside);
    }
    const { pages } = await render(t, "full");
    expect(pages.length).toBeLessThanOrEqual(2);
    const last = pages.at(-1)!;
    // Not a lone short section: the page after the first carries both issue tables whole.
    if (pages.length === 2) {
      for (const text of ["Opened this week", "Fixed this week", issueTitle("broken_link")]) expect(last).toContain(text);
      expect(last.split("\n").filter((l) => l.trim()).length).toBeGreaterThan(15);
    }
  });
});

describe("the report's branding", () => {
  it("shows the display name and the logo in the header, and 'Prepared by' names the display name", async () => {
    const t = await projectWithHistory(owner, WEEK);
    const branding = { displayName: "Northwind Digital", accentColor: "#0f766e", logo: new Uint8Array(makePng(160, 48, [15, 118, 110])), logoMimeType: "image/png", logoWidth: 160, logoHeight: 48, logoUpdatedAt: new Date() };
    await db.organizationBranding.upsert({ where: { organizationId: t.organizationId }, create: { organizationId: t.organizationId, ...branding }, update: branding });
    const { pdf, pages } = await render(t, "branded");
    expect(pages).toHaveLength(1); // the logo row does not push the report onto a second page
    expect(pages[0]).toContain("Northwind Digital");
    expect(pages[0]).toContain("Prepared by Northwind Digital with IndexWatch");
    expect(pages[0]).not.toContain("Northwind Agency");
    // The logo is embedded as an image, and the accent colour is drawn (0f766e = 0.059 0.463 0.431 in PDF colour operators).
    const raw = Buffer.from(pdf).toString("latin1");
    expect(raw).toMatch(/\/Subtype\s*\/Image/);
    expect(raw).toMatch(/\/Width 160/);
    await db.organizationBranding.delete({ where: { organizationId: t.organizationId } });
    const plain = await render(t, "plain");
    expect(plain.pages[0]).toContain("Prepared by Northwind Agency with IndexWatch");
    expect(Buffer.from(plain.pdf).toString("latin1")).not.toMatch(/\/Subtype\s*\/Image/);
  });
});
