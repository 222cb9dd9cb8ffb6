import { expect, test } from "@playwright/test";
import { serveSitemap, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { createProject, organizationId } from "./project-fixtures";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";

test("create a project: validated domain, site check, first sync with its cost, overview, duplicate 409", async ({ page }) => {
  await signIn(page, uniqueEmail("projects-create"));
  await page.goto("/");
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Projects" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add your first website" })).toBeVisible();
  await expect(page.getByTestId("credit-balance")).toContainText("100");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "projects-empty");

  const domain = uniqueDomain("shop");
  await serveSitemap(domain, 12, { llms: true });

  // The domain is checked as it is typed, with the API's rule, and a pasted URL is turned into its host.
  await page.getByRole("button", { name: "Add website" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a website" });
  const domainInput = dialog.getByLabel("Domain");
  await domainInput.fill(`https://${domain}/products?x=1`);
  await expect(domainInput).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText("Enter a bare domain such as example.com");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "projects-create-invalid");
  await dialog.getByRole("button", { name: domain }).click();
  await expect(domainInput).toHaveValue(domain);
  await expect(domainInput).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Name (optional)").fill("My shop");
  await screenshot(page, "projects-create-dialog");
  await dialog.getByRole("button", { name: "Add website" }).click();

  // The wizard: the site check runs at once and finds robots.txt, llms.txt, the sitemap and its robots line.
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/setup$/);
  const projectUrl = page.url().replace(/\/setup$/, "");
  const probe = page.getByTestId("probe-result");
  await expect(probe).toBeVisible();
  await expect(probe.locator("div").filter({ hasText: "robots.txt" }).first()).toContainText("Found");
  await expect(probe.locator("div").filter({ hasText: "llms.txt" }).first()).toContainText("Found");
  await expect(probe).toContainText(`https://${domain}/sitemap.xml`);
  await expect(page.getByRole("list", { name: "Setup steps" }).locator('[aria-current="step"]')).toContainText("Check the site");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "setup-probe");

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Prove that you own the domain" })).toBeFocused();
  await page.getByRole("button", { name: "Skip to the sitemap sync" }).click();

  const syncStep = page.getByRole("region", { name: "First sitemap sync" });
  await expect(syncStep.getByTestId("setup-credits")).toHaveText("100");
  await syncStep.getByRole("button", { name: "Sync now" }).click();
  await expect(syncStep.getByTestId("sync-result")).toContainText("12 new URLs");
  await expect(syncStep.getByTestId("sync-cost")).toHaveText("12 credits");
  await expect(page.getByTestId("credit-balance")).toContainText("88");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "setup-sync-result");

  await syncStep.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Almost there" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "setup-done-unverified");

  // Overview: the nine counters, live.
  await page.getByRole("link", { name: "Go to the overview" }).click();
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  const stats = page.getByTestId("project-stats");
  await expect(stats.getByRole("link", { name: /^Tracked URLs/ })).toContainText("12");
  await expect(stats.getByText(/^(Tracked URLs|Healthy|Broken|Redirected|Indexed on Google or Bing|Not indexed|Stale|Open issues|URLs with issues)$/)).toHaveCount(9);
  await expect(page.getByTestId("last-sync")).toContainText("UTC");
  await expect(page.getByTestId("verification-status")).toContainText("Not verified");
  await expectNoSeriousA11yViolations(page);
  // The tabs are prefetched on intent (components/ui/tabs.tsx). Loaded afresh (an empty router cache), the overview
  // prefetches none of them (its other links to the same pages, such as the counters', still are, in view); pointing
  // at one prefetches it.
  const prefetched: string[] = [];
  page.on("request", (r) => {
    if (r.headers()["next-router-prefetch"]) prefetched.push(new URL(r.url()).pathname);
  });
  await page.goto(projectUrl);
  await expect(stats.getByRole("link", { name: /^Tracked URLs/ })).toContainText("12");
  await page.waitForLoadState("networkidle");
  const links = await page.locator("a[href]").evaluateAll((as) =>
    as.map((a) => ({ path: new URL((a as HTMLAnchorElement).href).pathname, tab: a.closest('nav[aria-label="Project"]') !== null })),
  );
  const linkedElsewhere = new Set(links.filter((l) => !l.tab).map((l) => l.path));
  const tabOnly = links.filter((l) => l.tab && !linkedElsewhere.has(l.path)).map((l) => l.path);
  expect(tabOnly.length).toBeGreaterThan(5);
  expect(prefetched.filter((p) => tabOnly.includes(p))).toEqual([]);
  const pointed = tabOnly.find((p) => p !== new URL(projectUrl).pathname)!;
  await page.getByRole("navigation", { name: "Project" }).locator(`a[href="${pointed}"]`).hover();
  await expect.poll(() => prefetched).toContain(pointed);
  await screenshot(page, "project-overview");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "project-overview-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The list shows it with its counters; adding the same domain again answers the API's 409 message.
  await page.getByRole("banner").getByRole("link", { name: "Projects" }).click();
  const row = page.getByTestId("project-row").filter({ hasText: "My shop" });
  await expect(row.getByTestId("project-counters")).toContainText("12");
  await expect(row.getByTestId("project-counters")).toContainText("Indexed (Google or Bing)"); // which engines the number counts
  await expect(row).toContainText("Not verified");
  await page.getByRole("button", { name: "Add website" }).click();
  await dialog.getByLabel("Domain").fill(`  ${domain.toUpperCase()} `);
  await dialog.getByRole("button", { name: "Add website" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`A project for ${domain} already exists in this organization`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("projects list: search, pagination, pause and resume, delete with confirmation", async ({ page }) => {
  await signIn(page, uniqueEmail("projects-list"));
  const orgId = await organizationId(page);
  for (let i = 1; i <= 21; i++) await createProject(page, `client-${String(i).padStart(2, "0")}-${Date.now().toString(36)}.example`);
  const special = await createProject(page, uniqueDomain("alpha"), "Alpha Store");

  await page.goto("/projects");
  const rows = page.getByTestId("project-row");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Alpha Store"); // newest first
  const pages = page.getByRole("navigation", { name: "Project pages" });
  await expect(pages).toContainText("1–20 of 22");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "projects-list");
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages).toContainText("21–22 of 22");
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(/\/projects\?page=2$/);
  await page.reload();
  await expect(rows).toHaveCount(2);

  await page.getByLabel("Search projects by name or domain").fill("alpha");
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/\/projects\?q=alpha$/);
  await page.getByLabel("Search projects by name or domain").fill("no-such-project");
  await expect(page.getByRole("heading", { name: "No projects match “no-such-project”" })).toBeVisible();
  await screenshot(page, "projects-search-empty");
  await page.getByRole("button", { name: "Clear the search" }).click();
  await expect(rows).toHaveCount(20);

  const row = rows.filter({ hasText: "Alpha Store" });
  await row.getByRole("button", { name: "Pause Alpha Store" }).click();
  const pause = page.getByRole("dialog", { name: "Pause project" });
  await expect(pause).toContainText("Scheduled sitemap syncs and inspections stop");
  await expect(pause.getByRole("button", { name: "Cancel" })).toBeFocused();
  await pause.getByRole("button", { name: "Pause project" }).click();
  await expect(pause).toBeHidden();
  await expect(row).toContainText("Paused");
  await expect(page.getByRole("status").filter({ hasText: "“Alpha Store” paused." })).toBeVisible();
  await row.getByRole("button", { name: "Resume Alpha Store" }).click();
  await expect(row).toContainText("Active");

  // Keyboard: Escape cancels the deletion and the focus returns to the row's button.
  const del = row.getByRole("button", { name: "Delete Alpha Store" });
  await del.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Delete project" });
  await expect(confirm).toContainText("cannot be undone");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "projects-delete-confirm");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(del).toBeFocused();
  await del.click();
  await confirm.getByRole("button", { name: "Delete project" }).click();
  await expect(confirm).toBeHidden();
  await expect(rows.filter({ hasText: "Alpha Store" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "“Alpha Store” deleted." })).toBeVisible();
  expect((await page.request.get(`/api/user/organizations/${orgId}/projects/${special.id}`)).status()).toBe(404);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "projects-list-mobile");
});
