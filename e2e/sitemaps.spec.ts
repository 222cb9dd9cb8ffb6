import { expect, test } from "@playwright/test";
import { serveSitemap, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject, recordSubmissions, serveSitemapIndex } from "./project-fixtures";

test("sync a sitemap from the local test site: the tree, the result and the 15-minute limit", async ({ page }) => {
  await signIn(page, uniqueEmail("sitemaps-sync"));
  const domain = uniqueDomain("maps");
  await serveSitemapIndex(domain, {
    "/sitemap-pages.xml": ["/", "/about", "/pricing", "/contact", "/blog/", "/jobs"],
    "/sitemap-posts.xml": ["/blog/one", "/blog/two", "/blog/three", `https://www.${domain}/elsewhere`],
    "/sitemap-broken.xml": 500,
  });
  const project = await createProject(page, domain, "Maps site");

  await page.goto(`/projects/${project.id}/sitemaps`);
  await expect(page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Sitemaps" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "No sitemaps read yet" })).toBeVisible();
  await expect(page.getByTestId("last-sync")).toHaveText("Never synced.");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "sitemaps-empty");

  const syncButton = page.getByRole("button", { name: "Sync now" });
  await syncButton.click();
  const result = page.getByTestId("sync-result");
  await expect(result).toContainText("Sync complete");
  await expect(result.locator("div").filter({ hasText: "New URLs added" })).toContainText("9");
  await expect(result.locator("div").filter({ hasText: "Sitemaps read" })).toContainText("3");
  await expect(result).toContainText("1 off-host URLs were skipped");

  // The tree: the index with its three children below it, the broken one with its error.
  const nodes = page.getByTestId("sitemap-node");
  await expect(nodes).toHaveCount(4);
  const index = nodes.filter({ hasText: `https://${domain}/sitemap.xml` }).first();
  await expect(index).toContainText("Index");
  await expect(index).toContainText("3 child sitemaps");
  await expect(index.getByTestId("sitemap-node")).toHaveCount(3);
  const cards = page.getByTestId("sitemap-card");
  await expect(cards.filter({ hasText: "sitemap-pages.xml" })).toContainText("6 URLs");
  await expect(cards.filter({ hasText: "sitemap-posts.xml" })).toContainText("4 URLs");
  await expect(cards.filter({ hasText: "sitemap-broken.xml" })).toContainText("Error");

  // The limit: the button stays shut, saying when it opens, also after a reload.
  await expect(syncButton).toBeDisabled();
  await expect(page.getByTestId("next-sync")).toContainText(/Next sync allowed at \d\d:\d\d UTC \(in 1[45] min\)/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "sitemaps-synced");
  await page.reload();
  await expect(page.getByRole("button", { name: "Sync now" })).toBeDisabled();
  await expect(page.getByTestId("last-sync")).toContainText("Last sync started");
  await expect(page.getByTestId("sitemap-node")).toHaveCount(4);

  // The API agrees: a second sync now is a 429.
  const again = await page.request.post(`/api/user/organizations/${project.organizationId}/projects/${project.id}/sync`);
  expect(again.status()).toBe(429);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "sitemaps-mobile");
});

test("a sync the credits cannot pay for shows the 402 and admits nothing", async ({ page }) => {
  await signIn(page, uniqueEmail("sitemaps-402"));
  const domain = uniqueDomain("big");
  await serveSitemap(domain, 150);
  const project = await createProject(page, domain);

  await page.goto(`/projects/${project.id}/sitemaps`);
  await page.getByRole("button", { name: "Sync now" }).click();
  const alert = page.getByTestId("sync-insufficient-credits");
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Not enough credits: nothing was added.");
  await expect(alert).toContainText("This sync would add 150 new URLs at 1 credit each; your organization has 100 credits.");
  await expect(page.getByTestId("credit-balance")).toContainText("100");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "sitemaps-402");
});

test("submissions: the IndexNow history with status, response code and body", async ({ page }) => {
  await signIn(page, uniqueEmail("submissions"));
  const project = await createProject(page, uniqueDomain("sub"));

  await page.goto(`/projects/${project.id}/submissions`);
  await expect(page.getByRole("heading", { name: "No submissions yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Set up IndexNow" })).toHaveAttribute("href", `/projects/${project.id}/setup`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "submissions-empty");

  await recordSubmissions(project, [
    { urlCount: 120, status: "accepted", responseCode: 200, responseBody: "", error: null, minutesAgo: 90 },
    { urlCount: 3, status: "rejected", responseCode: 403, responseBody: '{"code":"UserForbiddedToAccessSite","message":"Key not valid"}', error: "The key file does not match", minutesAgo: 30 },
    { urlCount: 14, status: "error", responseCode: null, responseBody: null, error: "Timed out after 30 s", minutesAgo: 5 },
  ]);
  await page.reload();
  const rows = page.getByTestId("submission-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Error");
  await expect(rows.nth(0)).toContainText("No answer");
  await expect(rows.nth(1)).toContainText("Rejected");
  await expect(rows.nth(1)).toContainText("HTTP 403");
  await rows.nth(1).getByText("Response body").click();
  await expect(rows.nth(1)).toContainText("Key not valid");
  await expect(rows.nth(2)).toContainText("Accepted");
  await expect(rows.nth(2)).toContainText("120");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "submissions-list");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
});
