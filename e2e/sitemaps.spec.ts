import { expect, test } from "@playwright/test";
import { indexNowReply, indexNowRequests, serveSitemap, siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi, serveSitemapIndex, urlsetXml, verifyIndexNowKey } from "./project-fixtures";

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

  // A slow child sitemap: while it is read, the sync shows how far it got (issue 33, item 20).
  await siteRoute(domain, "/sitemap-posts.xml", {
    body: urlsetXml(["/blog/one", "/blog/two", "/blog/three"].map((p) => `https://${domain}${p}`).concat(`https://www.${domain}/elsewhere`)),
    headers: { "content-type": "application/xml" }, delayMs: 4_000,
  });
  // The result shows as soon as the sync answers, even when reading the project again behind it takes 5 s.
  await page.route(new RegExp(`/projects/${project.id}(/sitemaps)?$`), async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    await new Promise((r) => setTimeout(r, 5_000));
    await route.continue().catch(() => {});
  });
  const synced = page.waitForResponse((r) => r.url().endsWith("/sync") && r.request().method() === "POST");
  const syncButton = page.getByRole("button", { name: "Sync now" });
  await syncButton.click();
  await expect(page.getByRole("button", { name: "Syncing…" })).toBeDisabled();
  await expect(page.getByTestId("sync-progress-text")).toHaveText("2 of 4 sitemaps read · 6 URLs found so far");
  await expect(page.getByRole("progressbar", { name: "Sitemap sync" })).toHaveAttribute("aria-valuenow", "2");
  await screenshot(page, "sitemaps-sync-progress", { fullPage: false });
  await synced;
  const result = page.getByTestId("sync-result");
  await expect(result).toContainText("Sync complete", { timeout: 2_000 });
  await expect(page.getByTestId("sync-progress")).toHaveCount(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await expect(result.locator("div").filter({ hasText: "New URLs added" })).toContainText("9");
  // Nine new URLs at 1 credit each: the header's balance follows at once, without a reload.
  await expect(page.getByTestId("credit-balance")).toContainText("91");
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

test("submissions: batches sent to the fake IndexNow endpoint, accepted and rejected, with code and body", async ({ page }) => {
  await signIn(page, uniqueEmail("submissions"));
  const project = await createProject(page, uniqueDomain("sub"));

  await page.goto(`/projects/${project.id}/submissions`);
  await expect(page.getByRole("heading", { name: "No submissions yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Set up IndexNow" })).toHaveAttribute("href", `/projects/${project.id}/setup`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "submissions-empty");

  const key = await verifyIndexNowKey(page, project);
  await page.reload();
  await expect(page.getByText("Your IndexNow key is verified")).toBeVisible();

  // URLs admitted by hand go out at once (the in-process job); the fake endpoint answers 200.
  const rows = page.getByTestId("submission-row");
  const reloadUntilRows = (count: number) =>
    expect(async () => {
      await page.reload();
      await expect(rows).toHaveCount(count, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  await admitUrls(page, project, ["/", "/pricing", "/about"]);
  await reloadUntilRows(1);
  await expect(rows.nth(0)).toContainText("Accepted");
  await expect(rows.nth(0)).toContainText("HTTP 200");
  await expect(rows.nth(0).getByRole("cell").nth(2)).toHaveText("3");

  // The next batch is refused: rejected, with the endpoint's code, the reason and its body.
  await indexNowReply(project.domain, { status: 422, body: "Unprocessable Entity: the URLs do not belong to the host" });
  await admitUrls(page, project, ["/blog/one", "/blog/two"]);
  await reloadUntilRows(2);
  const rejected = rows.nth(0);
  await expect(rejected).toContainText("Rejected");
  await expect(rejected).toContainText("HTTP 422");
  await expect(rejected.getByRole("cell").nth(2)).toHaveText("2");
  await rejected.getByText("Response body").click();
  await expect(rejected).toContainText("the URLs do not belong to the host");
  await expect(rows.nth(1)).toContainText("Accepted");

  // What the endpoint received: the two batches of this host, with the verified key and its file.
  const host = project.domain;
  const sent = await indexNowRequests(host);
  expect(sent.map((r) => [r.answeredWith, [...r.urlList].sort()])).toEqual([
    [200, [`https://${host}/`, `https://${host}/about`, `https://${host}/pricing`]],
    [422, [`https://${host}/blog/one`, `https://${host}/blog/two`]],
  ]);
  expect(sent.every((r) => r.key === key && r.keyLocation === `https://${host}/${key}.txt`)).toBe(true);

  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "submissions-list");

  // A batch opens: its answer and its URLs, each with the outcome and where it stands now.
  await rows.nth(0).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/submissions/[0-9a-f-]{36}$`));
  await expect(page.getByTestId("submission-status")).toHaveText("Rejected");
  const batchUrls = page.getByTestId("batch-url-row");
  await expect(batchUrls).toHaveCount(2);
  await expect(batchUrls.nth(0)).toContainText(`https://${host}/blog/one`);
  await expect(batchUrls.nth(0)).toContainText("Rejected");
  await expect(batchUrls.nth(0).getByRole("link")).toHaveAttribute("href", /\/urls\?url=[0-9a-f-]{36}$/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "submission-batch");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.goBack();
  await expectNoHorizontalOverflow(page);
  // The refused URLs stay in the backlog; a deleted project is never swept to the endpoint again.
  expect((await page.request.delete(projectApi(project))).status()).toBe(200);
});
