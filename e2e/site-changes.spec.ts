import { expect, test } from "@playwright/test";
import { sql } from "./database";
import { siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi } from "./project-fixtures";

// The app's database (as e2e/project-fixtures.ts reaches it): the site change a cycle of audits would open is
// written directly (the journey cannot wait for 20 pages' template to change); the deploy goes through the API.

test("the Changes tab: a site change after a deploy, marked intended; deploy markers; sentinels edited", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, uniqueEmail("changes"));
  const domain = uniqueDomain("changes");
  const p = await createProject(page, domain, "Template shop");
  for (const path of ["/", "/products/a", "/products/b"]) {
    await siteRoute(domain, path, { status: 200, body: `<html><head><title>${path}</title></head><body><h1>${path}</h1></body></html>`, headers: { "content-type": "text/html" } });
  }
  await admitUrls(page, p, ["/products/a", "/products/b"]);

  // The deploy pipeline records a deploy (it also runs the sentinels at once).
  const deploy = await page.request.post(projectApi(p, "/deploys"), { data: { ref: "v3.14.0", description: "New product template" } });
  expect(deploy.status()).toBe(201);
  const deployId = (await deploy.json()).data.id as string;
  await sql(
    `INSERT INTO site_changes (id, organization_id, project_id, field, from_kind, to_kind, sections, url_count, sample_urls, first_seen_at, last_seen_at, deploy_id, status, source)
     VALUES (gen_random_uuid(), $1, $2, 'canonical', 'self', 'home', ARRAY['products'], 240, ARRAY[$3, $4], now(), now(), $5, 'open', 'audit')`,
    [p.organizationId, p.id, `https://${domain}/products/a`, `https://${domain}/products/b`, deployId],
  );

  await page.goto(`/projects/${p.id}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Changes" }).click();
  await expect(page.getByRole("heading", { name: "Site changes" })).toBeVisible();
  const change = page.getByTestId("site-change").first();
  await expect(change).toContainText("Canonical now points to the home page");
  await expect(change).toContainText("240 URLs");
  await expect(change).toContainText("/products/");
  await expect(change).toContainText("v3.14.0");
  await expect(page.getByTestId("deploy-marker").first()).toContainText("v3.14.0");
  await expect(page.getByRole("link", { name: "robots.txt versions" })).toHaveAttribute("href", `/projects/${p.id}/changes/robots`);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "changes-tab");

  // Mark it intended: the badge says so and the button goes.
  await change.getByRole("button", { name: "Mark intended" }).click();
  await expect(change).toContainText("Intended");
  await expect(change.getByRole("button", { name: "Mark intended" })).toHaveCount(0);

  // Sentinels: a URL on another host is refused with the reason; the project's own is kept.
  await page.getByRole("button", { name: "Edit the list" }).click();
  await page.getByLabel(/Sentinel URLs/).fill(`https://elsewhere.example/\nhttps://${domain}/products/a`);
  await page.getByRole("button", { name: "Save sentinels" }).click();
  await expect(page.getByText(/is not on/).first()).toBeVisible();
  await page.getByLabel(/Sentinel URLs/).fill(`https://${domain}/products/a`);
  await page.getByRole("button", { name: "Save sentinels" }).click();
  await expect(page.getByRole("list", { name: "Sentinel pages" })).toContainText(`https://${domain}/products/a`);
  await expect(page.getByText("Chosen by hand.")).toBeVisible();
  await screenshot(page, "changes-sentinels");
});
