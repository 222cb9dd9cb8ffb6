// The client report's PDF names agencies and clients in their own script: rendered by the report cron's own function
// (renderReport), a Polish agency and a Greek and Russian client come out as written, in the embedded Noto Sans (no
// standard font left in the file), and what the font cannot draw (Chinese, emoji, Arabic) prints as "?".
import { systemCtx } from "@/lib/core/context";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { reportProject } from "@/lib/reports/internal";
import { periodContaining } from "@/lib/reports/periods";
import { safeText } from "@/lib/reports/report-font";
import { renderReport } from "@/lib/reports/render-report";
import { createTestTenant, type TestTenant } from "../factories";
import { pdfText, projectWithHistory } from "./helpers";

const WEEK = periodContaining("weekly", new Date("2026-02-04T00:00:00Z"));
const AFTER = new Date(WEEK.end.getTime() + 3_600_000);
const AGENCY = "Łódź Media Sp. z o.o.";
const CLIENT = "Ελληνικά Τρόφιμα · Москва Маркет";

let owner: TestTenant;
beforeAll(async () => {
  owner = await createTestTenant("report-font");
});

/** A report-worthy project of a team organization named `agency`, itself named `client`. */
async function render(agency: string, client: string) {
  const t = await projectWithHistory(owner, WEEK);
  await db.organization.update({ where: { id: t.organizationId }, data: { name: agency, personal: false } });
  await db.project.update({ where: { id: t.projectId }, data: { name: client } });
  const project = await reportProject(systemCtx("test"), t.projectId, t.organizationId);
  const { pdf } = await renderReport(project!, WEEK, AFTER);
  return { t, pdf, text: (await pdfText(pdf)).normalize("NFC") };
}

describe("the report's font", () => {
  it("prints Polish, Greek and Cyrillic names as written, in the embedded Noto Sans", async () => {
    const { t, pdf, text } = await render(AGENCY, CLIENT);
    expect(text).toContain(CLIENT);
    expect(text).toContain(t.domain); // under the name, which is another
    expect(text).toContain(`Prepared by ${AGENCY} with IndexWatch`);
    expect(text).not.toContain("?");
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(raw).toContain("/FontFile2"); // embedded (subset) TrueType
    expect(raw).not.toContain("/Helvetica"); // the chart's labels too
  });

  it("prints what the font cannot draw as question marks, never as blanks", async () => {
    const { text } = await render("東京 Agency 😀", "Ελληνικά مرحبا");
    expect(text).toContain("Prepared by ?? Agency ? with IndexWatch");
    expect(text).toContain("Ελληνικά ?????");
  });

  it("keeps Latin, Greek and Cyrillic text, composed, and replaces invisible controls", () => {
    expect(safeText("Zażółć gęślą jaźń, Ἀθῆναι, Ўладзімір, Српски, Tiếng Việt")).toBe("Zażółć gęślą jaźń, Ἀθῆναι, Ўладзімір, Српски, Tiếng Việt");
    expect(safeText("Ło\u0301dz\u0301")).toBe("Łódź"); // decomposed marks are composed first
    expect(safeText("a\u200bb\u202ec\u0007")).toBe("a?b?c?");
    expect(safeText("서울 北京 🇵🇱")).toBe("?? ?? ??"); // one "?" per character: a flag is two
  });
});
