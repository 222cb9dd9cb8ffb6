import { expect, test } from "@playwright/test";
import { serveSitemap, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject, recordAuditResults, recordHistory, syncByApi, verifyIndexNowKey } from "./project-fixtures";

test("overview: the trends chart over 7/30/90/365 days with a gap, its numbers as a table, and time to index", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await signIn(page, uniqueEmail("trends"));
  const domain = uniqueDomain("trend");
  const project = await createProject(page, domain);
  await serveSitemap(domain, 12);
  await verifyIndexNowKey(page, project);
  expect((await syncByApi(page, project)).status).toBe(200);

  // Before the first snapshot: an empty state that says when the chart fills in.
  await page.goto(`/projects/${project.id}`);
  const trends = page.getByTestId("trends");
  await expect(trends.getByTestId("trends-empty")).toContainText("One is taken just after midnight (UTC)");
  await expect(page.getByTestId("time-to-index")).toContainText("Google or Bing");

  // Ninety days of snapshots, one missing (5 days ago).
  await recordHistory(project, 90, [5]);
  await page.reload();
  await expect(trends.getByTestId("trends-chart")).toBeVisible();
  await expect(trends).toContainText("29 of 30 days recorded; a day without a snapshot is a gap in the lines.");
  // One small chart per series, each on its own scale, with its change in words: 7 → 10 broken pages is not drawn flat under 27 indexed.
  await expect(trends.getByTestId("trend-brokenUrls").getByTestId("trend-change")).toHaveText("7 → 10 (+3)");
  await expect(trends.getByTestId("trend-indexedUrls").getByTestId("trend-change")).toHaveText("20 → 27 (+7)");
  await expect(trends.getByTestId("trends-until")).toContainText("The lines run until yesterday");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "overview-trends-30");

  // The range switch by keyboard: the radio group moves with the arrow keys.
  await trends.getByRole("radio", { name: "30 days" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(trends.getByRole("radio", { name: "90 days" })).toBeChecked();
  await expect(trends).toContainText("89 of 90 days recorded");
  await trends.getByText("1 year", { exact: true }).click();
  await expect(trends.getByRole("radio", { name: "1 year" })).toBeChecked();
  await expect(trends).toContainText("89 of 365 days recorded");
  await trends.getByText("7 days", { exact: true }).click();
  await expect(trends).toContainText("6 of 7 days recorded");

  // The numbers as a table, with the gap named.
  await trends.getByRole("button", { name: "Show the numbers as a table" }).click();
  const table = trends.getByTestId("trends-table");
  await expect(table.getByRole("row")).toHaveCount(8);
  await expect(table).toContainText("no snapshot");

  // Time to index: Google six hours after first seen, Bing two days after, for nine of the twelve pages.
  const tti = page.getByTestId("time-to-index");
  await expect(tti.getByRole("row", { name: /^Google \d/ })).toContainText("6 h");
  await expect(tti.getByRole("row", { name: /^Bing \d/ })).toContainText("2.0 days");
  await expect(tti.getByRole("row", { name: /^Google or Bing \d/ })).toContainText("75%");
  await expect(tti.getByTestId("time-to-index-note")).toContainText("can exceed the live Indexed counter");
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "overview-trends-table");

  // Every counter opens the URLs it counts: Broken, Indexed and Not indexed too.
  await recordAuditResults(project);
  await page.reload();
  const stats = page.getByTestId("project-stats");
  await expect(stats.getByRole("link", { name: /^Indexed/ })).toHaveAttribute("href", `/projects/${project.id}/urls?counter=indexed`);
  await expect(stats.getByRole("link", { name: /^Not indexed/ })).toHaveAttribute("href", `/projects/${project.id}/urls?counter=not_indexed`);
  await stats.getByRole("link", { name: /^Broken/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/urls\\?counter=broken$`));
  await expect(page.getByLabel("Overview counter")).toHaveValue("broken");
  await expect(page.getByTestId("url-row")).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-counter-broken");
});
