import { expect, test } from "@playwright/test";
import { uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject, letSyncLimitPass, serveSitemapIndex, syncByApi } from "./project-fixtures";

test("resolve and reopen an issue", async ({ page }) => {
  await signIn(page, uniqueEmail("issues"));
  const domain = uniqueDomain("iss");
  const project = await createProject(page, domain);
  // Long paths, as real sites have: the sample URLs must not widen the page on a phone (issue 33, item 10).
  const pages = Array.from({ length: 8 }, (_, i) => `/article-${i + 1}-how-to-get-a-rather-long-guide-indexed-by-google-and-bing`);

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
  await expect(page.getByRole("heading", { name: "Missing from the sitemap", exact: true })).toBeVisible();
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

  // Each URL shows its evidence: here, when the sitemap last listed it, and (opened) everything else known of it.
  await expect(affected.first().getByTestId("issue-url-evidence")).toContainText("Last seen in the sitemap");
  await affected.first().getByText("All evidence").click();
  await expect(affected.first().getByTestId("issue-url-evidence")).toContainText("Not checked");

  // Resolve asks first and says what it does.
  await page.getByRole("button", { name: "Resolve…" }).click();
  const resolveDialog = page.getByRole("dialog", { name: "Resolve this issue?" });
  await expect(resolveDialog).toContainText("The issue and its 3 affected URLs are marked fixed now.");
  await expect(resolveDialog).toContainText("Reopening it later brings back the URLs that no check has found fixed in the meantime.");
  await expect(resolveDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issue-resolve-confirm");
  await resolveDialog.getByRole("button", { name: "Resolve", exact: true }).click();
  await expect(page.getByTestId("issue-status")).toHaveText("Resolved");
  await expect(page.getByRole("status").filter({ hasText: "Issue resolved." })).toBeFocused();
  await expect(affected.filter({ hasText: "Resolved" })).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Resolve…" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issue-detail-resolved");

  // Reopen: the three URLs, still missing from the sitemap, come back.
  await page.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByTestId("issue-status")).toHaveText("Open");
  await expect(page.getByRole("status").filter({ hasText: "Issue reopened" })).toHaveText("Issue reopened: 3 URLs that are still affected are back in the list.");
  await expect(page.getByTestId("issue-affected")).toHaveText("3");
  await expect(affected.filter({ hasText: "Affected" })).toHaveCount(3);
  await screenshot(page, "issue-detail-reopened");

  // Ignore takes a note, kept and shown with the group.
  await page.getByRole("button", { name: "Ignore…" }).click();
  const ignoreDialog = page.getByRole("dialog", { name: "Ignore “Missing from the sitemap”?" });
  await ignoreDialog.getByLabel("Note (optional)").fill("Retired articles: removed on purpose.");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issue-ignore-note");
  await ignoreDialog.getByRole("button", { name: "Ignore", exact: true }).click();
  await expect(page.getByTestId("issue-status")).toHaveText("Ignored");
  await expect(page.getByTestId("issue-ignored")).toContainText("Retired articles: removed on purpose.");
  await page.reload();
  await expect(page.getByTestId("issue-ignored")).toContainText("Retired articles: removed on purpose.");
  await screenshot(page, "issue-detail-ignored");

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
  await expect(page.getByTestId("issue-card").first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "issues-mobile");
  await page.goto(issueUrl);
  await expect(affected).toHaveCount(3);
  await expectNoHorizontalOverflow(page);
});
