import { expect, test, type Page } from "@playwright/test";
import { uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject } from "./project-fixtures";

/** Drops a file on the zone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFile(page: Page, testId: string, name: string, content: string) {
  const dataTransfer = await page.evaluateHandle(({ name, content }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], name, { type: "text/plain" }));
    return dt;
  }, { name, content });
  await page.getByTestId(testId).dispatchEvent("dragover", { dataTransfer });
  await page.getByTestId(testId).dispatchEvent("drop", { dataTransfer });
}

test("import a CSV and watch the progress bar reach 100%", async ({ page }) => {
  await signIn(page, uniqueEmail("imports"));
  const domain = uniqueDomain("csv");
  const project = await createProject(page, domain);
  await page.goto(`/projects/${project.id}/imports`);
  await expect(page.getByRole("heading", { name: "No imports yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "imports-empty");

  // 3,500 valid rows (four commit chunks), a repeat, an off-site URL and two bad rows, under a header.
  const rows = ["url,title", ...Array.from({ length: 3500 }, (_, i) => `https://${domain}/p/${i},Page ${i}`)];
  rows.push(`https://${domain}/p/7,again`, "ftp://files.example/x,bad", "not a url,bad", `https://www.${domain}/p/1,www`);
  await page.getByLabel("Choose a file").setInputFiles({ name: "pages.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) });

  const panel = page.getByTestId("import-panel");
  await expect(panel.getByRole("heading", { name: "pages.csv" })).toBeVisible();
  await expect(panel).toContainText("Preview ready");
  await expect(panel).toContainText("first row read as a header");
  const totals = panel.getByTestId("import-totals");
  await expect(totals.locator("div").filter({ hasText: /^Rows/ })).toContainText("3,504");
  await expect(totals.locator("div").filter({ hasText: /^Invalid/ })).toContainText("3");
  await expect(totals.locator("div").filter({ hasText: /^Repeated in the file/ })).toContainText("1");
  await expect(totals.locator("div").filter({ hasText: /^New/ })).toContainText("3,500");
  const rowErrors = panel.getByTestId("row-error");
  await expect(rowErrors).toHaveCount(3);
  // Each rejected row says why in words (the API keeps the reason code).
  await expect(rowErrors.nth(0)).toContainText("ftp://files.example/x");
  await expect(rowErrors.nth(0)).toContainText("Only http:// and https:// URLs can be tracked.");
  await expect(rowErrors.nth(1)).toContainText("This is not a full URL");
  await expect(rowErrors.nth(2)).toContainText("The URL is on another host");
  await expect(panel.getByRole("region", { name: "Row errors" })).not.toContainText("off_host");
  await expect(page).toHaveURL(/\?import=[0-9a-f-]{36}/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "imports-preview");

  await panel.getByRole("button", { name: "Add 3,500 new URLs" }).click();
  const bar = panel.getByRole("progressbar", { name: /Adding URLs|Import complete/ });
  await expect(bar).toBeVisible();
  await expect(panel.getByRole("progressbar", { name: "Import complete" })).toHaveAttribute("aria-valuenow", "3500", { timeout: 60_000 });
  await expect(panel.getByRole("progressbar")).toHaveAttribute("aria-valuemax", "3500");
  await expect(panel.getByTestId("import-progress")).toContainText("100%");
  await expect(panel).toContainText("3,500 added, 0 skipped");
  await expect(page.getByTestId("import-row").first()).toContainText("Completed");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "imports-complete");

  // A dropped text file: its URLs are tracked by now, so there is nothing new to add.
  await dropFile(page, "import-drop-zone", "again.txt", [`https://${domain}/p/1`, `https://${domain}/p/2`, `https://${domain}/new-one`].join("\n"));
  await expect(panel.getByRole("heading", { name: "again.txt" })).toBeVisible();
  await expect(panel.getByTestId("import-totals").locator("div").filter({ hasText: /^Already tracked/ })).toContainText("2");
  await expect(panel.getByRole("button", { name: "Add 1 new URL" })).toBeEnabled();
  await expect(page.getByTestId("import-row")).toHaveCount(2);

  // The history opens an earlier import in the panel.
  await page.getByTestId("import-row").filter({ hasText: "pages.csv" }).getByRole("button", { name: "pages.csv" }).click();
  await expect(panel.getByRole("heading", { name: "pages.csv" })).toBeVisible();
  await expect(panel).toContainText("Completed");

  // The URLs tab now holds the imported URLs.
  await page.goto(`/projects/${project.id}/urls?source=import`);
  await expect(page.getByRole("navigation", { name: "URL pages" })).toContainText("of 3500");

  await page.goto(`/projects/${project.id}/imports`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "imports-mobile");
});

test("an upload the API refuses shows its message", async ({ page }) => {
  await signIn(page, uniqueEmail("imports-error"));
  const project = await createProject(page, uniqueDomain("bad"));
  await page.goto(`/projects/${project.id}/imports`);
  // A file chosen before hydration would go unnoticed by React: wait for the page's scripts to settle.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Choose a file").setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.from("") });
  await expect(page.getByRole("alert").filter({ hasText: "The file is empty" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
