import { expect, test } from "@playwright/test";
import { sql } from "./database";
import { uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi, type E2eProject } from "./project-fixtures";

/**
 * What the audits, the link graph, the site watch and the engine syncs would have recorded for the journey's URLs (they
 * reach real engines and a crawl cycle the e2e site cannot stand in for): every page answers 200 and is indexable,
 * Google says crawled but not indexed; the blog's orphans, a deep archive, two shop pages with the same text, a soft 404.
 */
async function recordFacts(p: E2eProject) {
  const set = (pattern: string, assignments: string) => sql(
    `UPDATE tracked_urls SET ${assignments}, updated_at = now() WHERE project_id = $1 AND url ~ $2`, [p.id, pattern]);
  // The link graph's facts live in url_facts (one row a URL: docs/links.md, Storage).
  const facts = (pattern: string, assignments: string) => sql(
    `UPDATE url_facts SET ${assignments} WHERE project_id = $1 AND tracked_url_id IN (SELECT id FROM tracked_urls WHERE project_id = $1 AND url ~ $2)`, [p.id, pattern]);
  await set(".", `health_state = 'healthy', http_status = 200, indexability = 'indexable', engine_a_state = 'crawled_not_indexed',
    engine_b_state = 'not_indexed', engine_a_last_crawl_at = now() - interval '3 days', last_audit_at = now(), next_inspection_at = NULL`);
  await set("/$", `engine_a_state = 'indexed', engine_b_state = 'indexed'`);
  await sql(`INSERT INTO url_facts (tracked_url_id, project_id, discovered_at, inlinks, click_depth, orphan, inlinks_nofollow_only)
    SELECT id, project_id, discovered_at, 4, 2, false, false FROM tracked_urls WHERE project_id = $1
    ON CONFLICT (tracked_url_id) DO UPDATE SET inlinks = 4, click_depth = 2, orphan = false, inlinks_nofollow_only = false`, [p.id]);
  await facts("/$", `click_depth = 0`);
  await facts("/blog/orphan-", `orphan = true, inlinks = 0, click_depth = NULL`);
  await facts("/archive/", `click_depth = 9`);
  await sql(`INSERT INTO url_field_snapshots (tracked_url_id, project_id, fields, observed_at)
    SELECT id, project_id, jsonb_build_object('title', 'Page ' || url, 'h1', url, 'meta_description', 'About ' || url,
      'main_text_hash', CASE WHEN url ~ '/shop/(red|rouge)$' THEN 'aaaaaaaaaaaaaaaa' ELSE substr(md5(url), 1, 16) END,
      'word_count', '400'), now() FROM tracked_urls WHERE project_id = $1
    ON CONFLICT (tracked_url_id) DO NOTHING`, [p.id]);
  await sql(`UPDATE url_field_snapshots SET fields = fields || '{"title": "Product no longer available"}'::jsonb
    WHERE project_id = $1 AND tracked_url_id IN (SELECT id FROM tracked_urls WHERE project_id = $1 AND url ~ '/shop/gone$')`, [p.id]);
  await facts("/shop/red$", `inlinks = 9`);
}

test("why not indexed: causes by section, the fix, the URLs of a cause, the URL panel's cause, Bing, duplicates", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await signIn(page, uniqueEmail("diagnosis"));
  const domain = uniqueDomain("diag");
  const base = `https://${domain}`;
  const project = await createProject(page, domain);

  // Before any URL: the page says so, nothing breaks.
  await page.goto(`/projects/${project.id}/diagnosis`);
  await expect(page.getByRole("heading", { name: "Not diagnosed yet" })).toBeVisible();
  await expect(page.getByText("No duplicate groups of this kind at the last diagnosis.")).toBeVisible();

  await admitUrls(page, project, [
    "/", "/blog/orphan-1", "/blog/orphan-2", "/blog/orphan-3", "/blog/linked", "/archive/2019/a", "/archive/2019/b", "/shop/red", "/shop/rouge", "/shop/gone",
  ]);
  await recordFacts(project);

  await page.getByRole("link", { name: "Why not indexed" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/diagnosis$`));
  await page.getByRole("button", { name: "Diagnose now" }).click();
  const summary = page.getByTestId("diagnosis-summary");
  await expect(summary).toContainText("9 tracked URLs are not indexed by Google");
  await expect(summary).toContainText("the most common cause is orphan page (33 %)");
  await expect(page.getByRole("list", { name: "Not indexed per section" })).toContainText("/blog/: 4 not indexed, 75 % of them orphan page");
  await expect(page.getByTestId("cause-chart")).toBeVisible();
  const causes = page.getByTestId("diagnosis-causes");
  const orphan = causes.locator('[data-cause="orphan"]');
  await expect(orphan).toContainText("Link the page from a relevant page");
  await expect(causes.locator('[data-cause="deep"]')).toContainText("See the 2 URLs");
  await expect(causes.locator('[data-cause="duplicate"]')).toContainText("See the 1 URL");
  await expect(causes.locator('[data-cause="soft_404"]')).toContainText("Answer 404 or 410");
  // The numbers behind the bars, for a screen reader.
  await expect(page.getByRole("table", { name: /Not indexed URLs per section/ })).toContainText("/archive/");
  const duplicates = page.getByTestId("duplicates");
  await expect(duplicates).toContainText(`${base}/shop/red`);
  await expect(duplicates).toContainText(`${base}/shop/rouge`);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "diagnosis-google");

  // Bing: the same page for the other engine.
  await page.getByRole("group", { name: "Search engine" }).getByRole("button", { name: "Bing" }).click();
  await expect(page.getByRole("button", { name: "Bing" })).toHaveAttribute("aria-pressed", "true");
  await expect(summary).toContainText("9 tracked URLs are not indexed by Bing");

  // A cause's URLs: the URL list filtered by that cause, then the URL panel leads with it.
  await page.getByRole("group", { name: "Search engine" }).getByRole("button", { name: "Google" }).click();
  await orphan.getByRole("link", { name: /See the 3 URLs/ }).click();
  await expect(page).toHaveURL(/\/urls\?cause=orphan&causeEngine=engineA/);
  await expect(page.getByTestId("url-row")).toHaveCount(3);
  await expect(page.getByLabel("Why not indexed")).toHaveValue("orphan");
  const requests: string[] = [];
  page.on("request", (r) => { if (r.url().includes("/api/")) requests.push(new URL(r.url()).pathname); });
  await page.getByTestId("url-row").first().getByRole("link", { name: `${base}/blog/orphan-1`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "URL details" });
  const lead = dialog.getByTestId("url-diagnosis");
  await expect(lead.locator('[data-engine="engineA"]')).toContainText("Orphan page");
  await expect(lead.locator('[data-engine="engineA"]')).toContainText("No audited page links to it");
  await expect(lead.locator('[data-engine="engineB"]')).toContainText("Bing:");
  expect(requests.filter((p) => p.includes("/diagnosis"))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "diagnosis-url-panel");

  // The API agrees with the page.
  const api = await (await page.request.get(projectApi(project, "/diagnosis?engine=engineA"))).json();
  expect(api.data.causes.find((c: { cause: string }) => c.cause === "orphan")).toMatchObject({ urls: 3, bySection: [{ section: "/blog/", urls: 3 }] });
});
