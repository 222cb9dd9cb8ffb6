import { expect, test } from "@playwright/test";
import { serveSitemap, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject, recordAuditResults, syncByApi } from "./project-fixtures";

test("browse URLs with filters, pages and the detail panel; add URLs by hand", async ({ page }) => {
  // Eight axe runs over a table of 50 rows (each with its link, copy button and page link) take most of a minute on CI's 2 cores.
  test.setTimeout(120_000);
  await signIn(page, uniqueEmail("urls-browse"));
  const domain = uniqueDomain("inv");
  const project = await createProject(page, domain);
  const urlsPage = `/projects/${project.id}/urls`;

  await page.goto(urlsPage);
  await expect(page.getByRole("heading", { name: "No URLs tracked yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-empty");

  await serveSitemap(domain, 60);
  expect((await syncByApi(page, project)).status).toBe(200);
  await recordAuditResults(project);

  // Manual admission: one invalid line rejects the batch, named by its line; then inserted / skipped / off-host.
  await page.getByRole("button", { name: "Add URLs" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add URLs" });
  const box = dialog.getByLabel("URLs, one per line");
  await box.fill(`https://${domain}/manual-1\nnot a url`);
  await expect(dialog).toContainText("2 of at most 1,000 URLs.");
  await dialog.getByRole("button", { name: "Add URLs" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Line 2 (not a url): Not an absolute URL");
  await box.fill([`https://${domain}/manual-1`, `https://${domain}/manual-2`, `https://${domain}/manual-2#top`, `https://www.${domain}/elsewhere`, `https://${domain}/page-1`].join("\n"));
  await dialog.getByRole("button", { name: "Add URLs" }).click();
  const result = dialog.getByTestId("admit-result");
  await expect(result).toContainText("2 added, 3 skipped (of which 1 off-host).");
  await expect(result).toContainText(`https://www.${domain}/elsewhere`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-admit-result");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // 62 URLs: two pages of 50, in discovery order.
  const rows = page.getByTestId("url-row");
  await expect(rows).toHaveCount(50);
  const pages = page.getByRole("navigation", { name: "URL pages" });
  await expect(pages).toContainText("1–50 of 62");
  // The engines' columns say Google and Bing.
  for (const name of ["Google", "Bing"]) await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-list");
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pages).toContainText("51–62 of 62");
  await expect(rows).toHaveCount(12);

  // A filter applies at once, starts again at page 1, lives in the address and survives a reload.
  await page.getByLabel("Source").selectOption({ label: "Added by hand" });
  await expect(page).toHaveURL(/\?source=manual$/);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `https://${domain}/manual-1` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `https://${domain}/manual-2` })).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("Source")).toHaveValue("manual");
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("search", { name: "Filter URLs" })).toContainText("1 filter applied.");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-filtered");

  // Filters combine with AND; each API filter has its select.
  await page.getByLabel("Missing from sitemap").selectOption({ label: "Yes" });
  await expect(page.getByRole("heading", { name: "No URLs match these filters" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(new RegExp(`${urlsPage}$`));
  await expect(rows).toHaveCount(50);

  await page.getByLabel("Health").selectOption({ label: "Client error (4xx)" });
  await expect(page).toHaveURL(/\?healthState=client_error$/);
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("Client error (4xx) · 404");
  await page.getByLabel("Bing state").selectOption({ label: "Not indexed" });
  await expect(rows).toHaveCount(10);
  await page.getByLabel("Indexability").selectOption({ label: "Canonicalized elsewhere" });
  await expect(page.getByRole("heading", { name: "No URLs match these filters" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();

  const disagreement = page.getByLabel("Audit disagrees with Google or Bing");
  await expect(disagreement.locator("option")).toHaveText(["Any", "Indexable, but Google or Bing has not indexed it", "Not indexable, but Google or Bing indexed it", "Either disagreement"]);
  await disagreement.selectOption("indexable_not_in_engine");
  await expect(page).toHaveURL(/\?disagreement=indexable_not_in_engine$/);
  await expect(rows).toHaveCount(10);
  await disagreement.selectOption("nonindexable_but_indexed");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("Canonicalized elsewhere");
  await disagreement.selectOption("any");
  await expect(rows).toHaveCount(20);
  await page.getByLabel("Google state").selectOption({ label: "Indexed" });
  await expect(page).toHaveURL(/\?engineAState=indexed&disagreement=any$/);
  await expect(rows).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-disagreement");
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(rows).toHaveCount(50);

  // The detail panel: every field, the open issues, its own address; Escape closes it and focus returns.
  const opener = rows.first().getByRole("link").first();
  const firstUrl = (await opener.textContent())!;
  await opener.click();
  const detail = page.getByRole("dialog", { name: "URL details" });
  await expect(detail.getByTestId("url-detail")).toContainText(firstUrl);
  await expect(detail).toContainText("This URL is not affected by any issue.");
  for (const label of ["HTTP status", "Canonical URL", "Google", "Bing", "Next inspection", "First in sitemap", "IndexNow attempts", "URL id"]) {
    await expect(detail.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/[?&]url=[0-9a-f-]{36}/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-detail");
  const withPanel = page.url();
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).not.toHaveURL(/url=/);
  // A shared link opens the panel straight away (server-rendered).
  await page.goto(withPanel);
  await expect(page.getByRole("dialog", { name: "URL details" })).toContainText(firstUrl);
  await page.keyboard.press("Escape");

  // Keyboard: the filters, the table and the rows' buttons are reachable with Tab, with a visible focus.
  await page.getByLabel("Health").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Indexability")).toBeFocused();

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "urls-mobile");
});
