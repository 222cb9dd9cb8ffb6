import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject, serveSitemapIndex, syncByApi, type E2eProject } from "./project-fixtures";

// The app's database (as in project-fixtures.ts): the steps the product has no API for touch only this test's projects.
const databaseUrl = () =>
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL
  ?? `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}/postgres?sslmode=disable`;
async function sql(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** What the engine checks and the daily snapshot job would have left: blog pages indexed by Google, one shop page by Bing, a rising trend. */
async function recordIndexing(p: E2eProject) {
  await sql(`UPDATE tracked_urls SET engine_a_state = 'indexed', health_state = 'healthy', engine_a_observed_at = now() WHERE project_id = $1 AND url ~ '/blog/'`, [p.id]);
  await sql(`UPDATE tracked_urls SET engine_b_state = 'indexed', health_state = 'healthy' WHERE project_id = $1 AND url ~ '/shop/x$'`, [p.id]);
  await sql(
    `INSERT INTO website_snapshots (id, organization_id, project_id, date, total_urls, healthy_urls, broken_urls, redirected_urls, indexed_urls,
       not_indexed_urls, stale_urls, open_issues, urls_with_issues)
     SELECT gen_random_uuid(), $1, $2, current_date - d, 6, 4, 0, 0, (30 - d) / 8, 0, 0, 0, 0 FROM generate_series(1, 30) d ON CONFLICT DO NOTHING`,
    [p.organizationId, p.id],
  );
}

const rowNames = (page: Page) => page.getByTestId("portfolio-project-link").allTextContents();

test("an organization of three projects lands on the portfolio: sort, filter, into a project, and its sitemap coverage", async ({ page }) => {
  test.setTimeout(180_000); // three projects, a sync, two sign-ins and two pages
  const email = uniqueEmail("portfolio");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/projects$/); // no project yet: the projects page, as before

  const north = uniqueDomain("north");
  await serveSitemapIndex(north, { "/sitemap-blog.xml": ["/blog/a", "/blog/b", "/blog/c"], "/sitemap-shop.xml": ["/shop/x", "/shop/y", "/"] });
  const northProject = await createProject(page, north, "North Shop");
  const southProject = await createProject(page, uniqueDomain("south"), "South Blog");
  await createProject(page, uniqueDomain("east"), "East Docs");
  expect((await syncByApi(page, northProject)).status).toBe(200);
  await recordIndexing(northProject);
  await sql(`UPDATE projects SET gsc_property_url = 'sc-domain:' || domain, gsc_connected_at = now() - interval '2 days', gsc_revoked_at = now() - interval '1 day' WHERE id = $1`, [southProject.id]);

  // Signing in again lands on the portfolio (the mailbox lists the newest link first).
  await page.context().clearCookies();
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page).toHaveURL(/\/check-email/);
  await page.goto(`/dev/mailbox?email=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `Sign in as ${email}` }).first().click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole("heading", { name: "Portfolio", level: 1 })).toBeVisible();
  const table = page.getByTestId("portfolio-table");
  await expect(page.getByTestId("portfolio-row")).toHaveCount(3);
  expect(await rowNames(page)).toEqual(["East Docs", "North Shop", "South Blog"]);
  const northRow = page.getByTestId("portfolio-row").filter({ hasText: "North Shop" });
  await expect(northRow).toContainText("6"); // tracked URLs
  await expect(northRow).toContainText("3 of 6"); // indexed on Google
  await expect(northRow.getByTestId("sparkline")).toBeVisible();
  await expect(northRow).toContainText(/URLs indexed by Google or Bing: 0 indexed on .*, 3 on .* \(up 3\)/);
  const southRow = page.getByTestId("portfolio-row").filter({ hasText: "South Blog" });
  await expect(southRow).toContainText("Google revoked");
  await expect(southRow).toContainText("Google Search Console access was revoked"); // the badge's explanation
  // A project with neither engine connected and ownership unproven says so, never "No problems".
  const eastRow = page.getByTestId("portfolio-row").filter({ hasText: "East Docs" });
  for (const text of ["Google missing", "Bing missing", "Unverified"]) await expect(eastRow).toContainText(text);
  await expect(eastRow).toContainText("Google Search Console is not connected"); // the badge's explanation
  await expect(eastRow).not.toContainText("No problems");
  await expect(table.getByRole("columnheader", { name: "Project" })).toHaveAttribute("aria-sort", "ascending");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "portfolio-landing");

  // Sorting by a header: largest first, then the other way round; the address bar keeps it.
  await table.getByRole("button", { name: /Tracked URLs/ }).click();
  await expect(page).toHaveURL(/sort=trackedUrls%3Adesc/);
  await expect(table.getByRole("columnheader", { name: /Tracked URLs/ })).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("columnheader", { name: "Project" })).toHaveAttribute("aria-sort", "none");
  await expect(page.getByTestId("portfolio-project-link").first()).toHaveText("North Shop");
  await table.getByRole("button", { name: /Tracked URLs/ }).click();
  await expect(page).toHaveURL(/sort=trackedUrls%3Aasc/);
  await expect(page.getByTestId("portfolio-project-link").last()).toHaveText("North Shop");

  // Filtering by name, kept in the address bar across a reload.
  await page.getByLabel("Filter by name or domain").fill("south");
  await expect(page.getByTestId("portfolio-row")).toHaveCount(1);
  await expect(page).toHaveURL(/q=south/);
  await page.reload();
  await expect(page.getByLabel("Filter by name or domain")).toHaveValue("south");
  await expect(page.getByTestId("portfolio-row")).toHaveCount(1);
  await page.getByLabel("Filter by name or domain").fill("nothing-like-it");
  await expect(page.getByRole("heading", { name: "No matching projects" })).toBeVisible();
  await screenshot(page, "portfolio-no-match");
  await page.getByRole("button", { name: "Clear the filter" }).click();
  await expect(page.getByTestId("portfolio-row")).toHaveCount(3);

  // At 1280 px the table fits without scrolling sideways; on a phone it scrolls inside its own region.
  await page.setViewportSize({ width: 1280, height: 900 });
  const region = page.getByRole("region", { name: "Projects of the organization" });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "portfolio-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  // One click into a project.
  await page.getByRole("link", { name: "North Shop", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${northProject.id}$`));

  // Its Sitemaps page: indexed per sitemap and per section.
  await page.goto(`/projects/${northProject.id}/sitemaps`);
  const perSitemap = page.getByTestId("sitemap-coverage");
  await expect(perSitemap).toBeVisible();
  await expect(page.getByTestId("sitemap-coverage-row")).toHaveCount(2);
  const blogRow = page.getByTestId("sitemap-coverage-row").filter({ hasText: "/sitemap-blog.xml" });
  await expect(blogRow.getByRole("cell").nth(1)).toHaveText("3 (100%)");
  const sections = page.getByTestId("section-coverage-row");
  await expect(sections).toHaveCount(3);
  await expect(sections.first()).toContainText("/blog/");
  const sectionTable = page.getByTestId("section-coverage");
  await sectionTable.getByRole("button", { name: /Indexed on Bing/ }).click();
  await expect(sectionTable.getByRole("columnheader", { name: /Indexed on Bing/ })).toHaveAttribute("aria-sort", "descending");
  await expect(sections.first()).toContainText("/shop/");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "sitemaps-coverage");
});

test("the portfolio of an organization without projects says what to do", async ({ page }) => {
  await signIn(page, uniqueEmail("portfolio-empty"));
  await page.goto("/portfolio");
  await expect(page.getByRole("heading", { name: "No websites yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a website" })).toHaveAttribute("href", "/projects");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "portfolio-empty");
});
