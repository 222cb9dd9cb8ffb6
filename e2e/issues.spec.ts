import { expect, test } from "@playwright/test";
import { uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject, letSyncLimitPass, serveSitemapIndex, syncByApi } from "./project-fixtures";

test("resolve and reopen an issue", async ({ page }) => {
  await signIn(page, uniqueEmail("issues"));
  const domain = uniqueDomain("iss");
  const project = await createProject(page, domain);
  const pages = Array.from({ length: 8 }, (_, i) => `/article-${i + 1}`);

  // First sync: eight pages.
  await serveSitemapIndex(domain, { "/sitemap-articles.xml": pages });
  await page.goto(`/projects/${project.id}/issues`);
  await expect(page.getByRole("heading", { name: "No open issues" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issues-empty");
  expect((await syncByApi(page, project)).status).toBe(200);

  // Second sync (the 15-minute limit moved back): three pages left the sitemap → a warning group of 3 URLs.
  await serveSitemapIndex(domain, { "/sitemap-articles.xml": pages.slice(0, 5) });
  await letSyncLimitPass(project);
  const second = await syncByApi(page, project);
  expect(second.status).toBe(200);
  expect(second.body.data.staleMarked).toBe(3);

  // Third sync: a new child sitemap answers 500 → a critical, project-level group.
  await serveSitemapIndex(domain, { "/sitemap-articles.xml": pages.slice(0, 5), "/sitemap-news.xml": 500 });
  await letSyncLimitPass(project);
  expect((await syncByApi(page, project)).status).toBe(200);

  await page.reload();
  const critical = page.getByTestId("severity-critical");
  const warning = page.getByTestId("severity-warning");
  await expect(critical.getByRole("heading")).toContainText("1 issue");
  await expect(critical).toContainText("Sitemap unreachable");
  await expect(critical).toContainText("Affects the whole project");
  await expect(warning.getByRole("heading")).toContainText("1 issue · 3 affected URLs");
  const stale = warning.getByTestId("issue-card").filter({ hasText: "Missing from the sitemap" });
  await expect(stale.getByRole("list", { name: "Sample URLs" }).getByRole("listitem")).toHaveCount(3);
  await expect(stale).toContainText(`https://${domain}/article-`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issues-list");

  // Detail: the affected URLs (open first), then resolve, which resolves them too.
  await stale.getByRole("link", { name: "Missing from the sitemap" }).click();
  await expect(page).toHaveURL(/\/issues\/[0-9a-f-]{36}$/);
  const issueUrl = page.url();
  await expect(page.getByRole("heading", { name: "Missing from the sitemap" })).toBeVisible();
  await expect(page.getByTestId("issue-status")).toHaveText("Open");
  const affected = page.getByTestId("issue-url-row");
  await expect(affected).toHaveCount(3);
  await expect(affected.filter({ hasText: "Affected" })).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issue-detail-open");

  // An affected URL opens its panel on the URLs page, listing this open issue.
  await affected.first().getByRole("link").click();
  const detail = page.getByRole("dialog", { name: "URL details" });
  await expect(detail.getByRole("link", { name: "Missing from the sitemap" })).toBeVisible();
  await expect(detail).toContainText("Missing from sitemap since");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "urls-detail-with-issue");
  await page.goto(issueUrl);

  await page.getByRole("button", { name: "Resolve", exact: true }).click();
  await expect(page.getByTestId("issue-status")).toHaveText("Resolved");
  await expect(page.getByRole("status").filter({ hasText: "Issue resolved." })).toBeFocused();
  await expect(affected.filter({ hasText: "Resolved" })).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Resolve", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issue-detail-resolved");

  // Reopen; then ignore, which moves it out of the open list.
  await page.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByTestId("issue-status")).toHaveText("Open");
  await expect(page.getByRole("status").filter({ hasText: "Issue reopened." })).toBeVisible();
  await page.getByRole("button", { name: "Ignore" }).click();
  await expect(page.getByTestId("issue-status")).toHaveText("Ignored");

  await page.getByRole("link", { name: "← All issues" }).click();
  await expect(page.getByTestId("severity-warning")).toHaveCount(0);
  await expect(page.getByTestId("severity-critical")).toBeVisible();
  await page.getByRole("button", { name: "Ignored" }).click();
  await expect(page).toHaveURL(/\?status=ignored$/);
  await expect(page.getByRole("button", { name: "Ignored" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("issue-card")).toHaveCount(1);
  await expect(page.getByTestId("issue-card")).toContainText("Ignored");
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(page.getByTestId("issue-card")).toHaveCount(2);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "issues-mobile");
});
