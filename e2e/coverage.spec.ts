import { expect, test, type Locator, type Page } from "@playwright/test";
import pg from "pg";
import { engineBKey, gscSites, uniqueDomain, type GscSite } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi, type E2eProject } from "./project-fixtures";

// The app's database (as e2e/project-fixtures.ts reaches it): verdict ages, today's plan and the quota the engine
// jobs record have no API. Only this test's project rows and its own properties' quota rows are touched.
const databaseUrl = () =>
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL
  ?? `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}/postgres?sslmode=disable`;

async function withDb(fn: (db: pg.Client) => Promise<unknown>) {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    await fn(db);
  } finally {
    await db.end();
  }
}

/** Google's quota day (lib/engines/pacific-time.ts): YYYY-MM-DD in Pacific time. */
const pacificDay = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

/** A property's use today as the inspection runs count it (`exhausted` below the limit: another tool spends the quota). */
const setQuotaToday = (propertyKey: string, used: number, exhausted = false) =>
  withDb((db) => db.query(
    `INSERT INTO engine_quota_usage (property_key, day, used, used_elsewhere, exhausted, updated_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (property_key, day) DO UPDATE SET used = EXCLUDED.used, used_elsewhere = EXCLUDED.used_elsewhere, exhausted = EXCLUDED.exhausted`,
    [propertyKey, pacificDay(), used, exhausted ? 2000 - used : 0, exhausted],
  ));

type Verdict = { a: string; source?: "inspection" | "search_analytics"; aDaysAgo?: number; b: string; bDaysAgo?: number; priority?: number; reason?: string };

// Eight URLs as the inspection runs and the day's plan leave them. Google: 3 verdicts within 7 days, 4 within 30,
// 3 unknown; 4 by inspection, 1 by impressions. Bing: 2 within 7 days, 3 within 30, 5 unknown. Owed today: 2 never
// checked (priority 0), 1 checked again on request (1), 1 at risk (3), 1 oldest verdict (5).
const VERDICTS: Record<string, Verdict> = {
  "/": { a: "indexed", source: "inspection", aDaysAgo: 2, b: "indexed", bDaysAgo: 3 },
  "/pricing": { a: "indexed", source: "inspection", aDaysAgo: 5, b: "indexed", bDaysAgo: 6 },
  "/about": { a: "indexed", source: "search_analytics", aDaysAgo: 1, b: "not_indexed", bDaysAgo: 20 },
  "/contact": { a: "crawled_not_indexed", source: "inspection", aDaysAgo: 20, b: "unknown", priority: 5, reason: "oldest_verdict" },
  "/blog/": { a: "indexed", source: "inspection", aDaysAgo: 60, b: "unknown", priority: 3, reason: "at_risk" },
  "/blog/a": { a: "unknown", b: "unknown", priority: 0 },
  "/blog/b": { a: "unknown", b: "unknown", priority: 0 },
  "/blog/c": { a: "unknown", b: "unknown", priority: 1 },
};

const ago = (days?: number) => (days === undefined ? "NULL" : `now() - interval '${days} days'`);

const recordVerdicts = (p: E2eProject) =>
  withDb(async (db) => {
    for (const [path, v] of Object.entries(VERDICTS)) {
      // Literals (fixed above, no input) so PostgreSQL casts them to the enum columns.
      await db.query(
        `UPDATE tracked_urls SET engine_a_state = '${v.a}', engine_a_state_source = ${v.source ? `'${v.source}'` : "NULL"},
           engine_a_observed_at = ${ago(v.aDaysAgo)}, engine_b_state = '${v.b}', engine_b_observed_at = ${ago(v.bDaysAgo)},
           engine_a_sync_priority = ${v.priority ?? "NULL"}, engine_a_check_reason = ${v.reason ? `'${v.reason}'` : "NULL"},
           engine_a_last_crawl_at = ${v.reason === "at_risk" ? "now() - interval '12 days'" : "NULL"}
         WHERE project_id = $1 AND url = $2`,
        [p.id, `https://${p.domain}${path}`],
      );
    }
  });

/** Connects Google through the fake consent page with this test's own console account, back on Connections. */
async function connectGoogle(page: Page, p: E2eProject, sites: GscSite[]) {
  const account = uniqueEmail("coverage-console");
  await gscSites(sites, account);
  await page.goto(`/projects/${p.id}/connections`);
  const gsc = page.getByTestId("gsc-card");
  await gsc.getByRole("button", { name: "Connect Google Search Console" }).click();
  await expect(page.getByRole("heading", { name: "Fake Google Search Console: grant access" })).toBeVisible();
  await page.getByLabel("Account").selectOption(account);
  await page.getByRole("button", { name: "Allow" }).click();
  const callback = page.getByTestId("gsc-callback");
  await expect(callback.getByRole("heading", { name: "Connected" })).toBeVisible();
  await callback.getByRole("link", { name: "Back to Connections" }).click();
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Connected");
}

const shot = (page: Page, name: string) => screenshot(page, `coverage-${name}`, { dir: "test-results/screenshots" });
const bar = (scope: Locator, name: string) => scope.getByRole("progressbar", { name, exact: true });

test("coverage: the overview panel of a project connected to Google, per engine, by source and today's plan", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await signIn(page, uniqueEmail("coverage"));
  const domain = uniqueDomain("cov");
  const project = await createProject(page, domain);
  await connectGoogle(page, project, [{ siteUrl: `sc-domain:${domain}`, permissionLevel: "siteOwner" }]);
  await admitUrls(page, project, Object.keys(VERDICTS));

  const panel = page.getByTestId("coverage");
  const google = panel.getByTestId("coverage-google");
  const bing = panel.getByTestId("coverage-bing");
  const plan = panel.getByTestId("coverage-plan");
  // The engine jobs run in-process on their own clock (every 5 and 15 minutes) and may inspect these URLs between
  // our writes and the page: write again and look again until the page shows what was written.
  await expect(async () => {
    await recordVerdicts(project);
    await setQuotaToday(`sc-domain:${domain}`, 340);
    await page.goto(`/projects/${project.id}`);
    await expect(panel.getByRole("heading", { level: 2, name: "Coverage" })).toBeVisible();
    await expect(google).toContainText("8 tracked URLs", { timeout: 5_000 });
    await expect(plan.getByTestId("coverage-planned")).toHaveText("5 Google inspections planned today", { timeout: 2_000 });
    await expect(bar(google, "Google: verdict from the last 7 days")).toHaveAttribute("aria-valuetext", "3 of 8 URLs (38%)", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  await expect(google.getByRole("heading", { level: 3, name: "Google" })).toBeVisible();
  // Disjoint buckets that add up to the 8 tracked URLs: 3 + 1 + 1 + 3 (the 60-day-old verdict of /blog/ has a bar of its own).
  await expect(bar(google, "Google: verdict 8 to 30 days old")).toHaveAttribute("aria-valuetext", "1 of 8 URLs (13%)");
  await expect(bar(google, "Google: verdict older than 30 days")).toHaveAttribute("aria-valuetext", "1 of 8 URLs (13%)");
  await expect(bar(google, "Google: no verdict yet")).toHaveAttribute("aria-valuetext", "3 of 8 URLs (38%)");
  await expect(bar(google, "Google verdicts from URL inspection")).toHaveAttribute("aria-valuetext", "4 of 8 URLs (50%)");
  await expect(bar(google, "Google verdicts from search performance (impressions)")).toHaveAttribute("aria-valuetext", "1 of 8 URLs (13%)");
  await expect(google).toContainText("Search performance (impressions)1 of 8 · 13%");

  await expect(bar(bing, "Bing: verdict from the last 7 days")).toHaveAttribute("aria-valuetext", "2 of 8 URLs (25%)");
  await expect(bar(bing, "Bing: verdict 8 to 30 days old")).toHaveAttribute("aria-valuetext", "1 of 8 URLs (13%)");
  await expect(bar(bing, "Bing: verdict older than 30 days")).toHaveAttribute("aria-valuetext", "0 of 8 URLs (0%)");
  await expect(bar(bing, "Bing: no verdict yet")).toHaveAttribute("aria-valuetext", "5 of 8 URLs (63%)");

  await expect(plan).toContainText("1,660 of 2,000 inspections left today across 1 property");
  for (const [name, text] of [
    ["never checked", "2 of 5 planned inspections (40%)"],
    ["checked again on request", "1 of 5 planned inspections (20%)"],
    ["page changed", "0 of 5 planned inspections (0%)"],
    ["at risk (possible drop)", "1 of 5 planned inspections (20%)"],
    ["not crawled for a long time", "0 of 5 planned inspections (0%)"],
    ["oldest verdicts", "1 of 5 planned inspections (20%)"],
  ] as const) await expect(bar(plan, `Planned: ${name}`)).toHaveAttribute("aria-valuetext", text);
  await expect(panel.getByTestId("coverage-gsc-not-connected")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "overview");
  await screenshot(page, "coverage-panel", { dir: "test-results/screenshots", of: panel });

  // The URL panel says why Google is asked about a URL, and when Google last crawled it.
  let blogId = "";
  await withDb(async (db) => {
    blogId = (await db.query("SELECT id FROM tracked_urls WHERE project_id = $1 AND url = $2", [project.id, `https://${domain}/blog/`])).rows[0].id;
  });
  await page.goto(`/projects/${project.id}/urls?url=${blogId}`);
  const check = page.getByTestId("url-engine-engineA").getByTestId("google-check");
  // (Queued, unless the in-process backlog has spent the check meanwhile: then it says why Google was last asked.)
  await expect(check).toContainText(/Queued for a check|Last asked because/);
  await expect(check).toContainText("At risk (possible drop)");
  await expect(check).toContainText("Google last crawled it");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "url-why-asked");
  await page.goto(`/projects/${project.id}`);

  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoHorizontalOverflow(page);
  await shot(page, "overview-mobile");

  // By keyboard: the way to connect Bing is a link that Enter follows.
  const connectBing = bing.getByRole("link", { name: "Connect Bing Webmaster Tools" });
  await connectBing.focus();
  await expect(connectBing).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/connections$`));
});

test("coverage: pool a URL-prefix property on Connections (the API's refusals shown), its quota bar, remove it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1300 });
  await signIn(page, uniqueEmail("pool"));
  const domain = uniqueDomain("pool");
  const project = await createProject(page, domain);
  await connectGoogle(page, project, [
    { siteUrl: `sc-domain:${domain}`, permissionLevel: "siteOwner" },
    { siteUrl: `https://${domain}/blog/`, permissionLevel: "siteOwner" },
    { siteUrl: `https://${domain}/drafts/`, permissionLevel: "siteUnverifiedUser" },
  ]);
  await admitUrls(page, project, ["/", "/pricing", "/blog/", "/blog/a", "/blog/b"]);
  await page.reload();

  const props = page.getByTestId("gsc-properties");
  await expect(props.getByRole("heading", { level: 2, name: "Google Search Console properties" })).toBeVisible();
  const rows = props.getByTestId("gsc-property-row");
  await expect(rows).toHaveCount(1);
  const main = rows.filter({ hasText: `sc-domain:${domain}` });
  await expect(main).toContainText("Main property");
  await expect(main.getByTestId("gsc-property-urls")).toHaveText("5 URLs covered");
  await expect(main.getByRole("progressbar", { name: /^[\d,]+ of 2,000 inspections today$/ })).toBeVisible();
  await expect(main.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  // The API's refusals, each in plain words.
  const field = props.getByLabel("Add a URL-prefix property");
  const add = props.getByRole("button", { name: "Add property" });
  const error = props.getByTestId("gsc-property-error");
  await field.fill("https://elsewhere.example/");
  await add.click();
  await expect(error).toContainText(`The property must lie inside ${domain}`);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill(`https://${domain}/drafts/`);
  await expect(error).toHaveCount(0);
  await add.click();
  await expect(error).toContainText("Your Google account's permission on this property is not verified");
  await field.fill(`https://${domain}/shop/`);
  await add.click();
  await expect(error).toContainText("Your Google account has no such property");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "property-not-listed");

  // Pooled: listed with its own quota bar and the URLs it covers; the form is ready for the next one.
  await field.fill(`https://${domain}/blog/`);
  await add.click();
  const blog = rows.filter({ hasText: `https://${domain}/blog/` });
  await expect(blog).toContainText("Pooled");
  await expect(blog).toContainText("Owner access");
  await expect(blog.getByTestId("gsc-property-urls")).toHaveText("3 URLs covered");
  await expect(blog.getByRole("progressbar", { name: /^[\d,]+ of 2,000 inspections today$/ })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(field).toHaveValue("");
  await expect(props.getByRole("status").filter({ hasText: `Added https://${domain}/blog/.` })).toBeAttached();

  // Twice is refused.
  await field.fill(`https://${domain}/blog/`);
  await add.click();
  await expect(error).toContainText("This property is already in the list");
  await field.fill("");

  // Another tool spends the pooled property's quota: refused before our own count reached the limit.
  await setQuotaToday(`https://${domain}/blog/`, 120, true);
  await page.reload();
  await expect(blog.getByRole("progressbar", { name: "120 of 2,000 inspections today" })).toBeVisible();
  await expect(blog.getByTestId("gsc-property-shared-quota")).toContainText("Shared quota detected");
  await expect(main.getByTestId("gsc-property-shared-quota")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "properties");

  // The overview's plan counts both properties and names the shared one.
  await page.goto(`/projects/${project.id}`);
  const plan = page.getByTestId("coverage-plan");
  await expect(plan).toContainText("across 2 properties");
  await expect(plan.getByTestId("coverage-shared-quota")).toContainText(`https://${domain}/blog/`);

  await page.goto(`/projects/${project.id}/connections`);
  await blog.getByRole("button", { name: `Remove https://${domain}/blog/` }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this property?" });
  await expect(dialog).toContainText(`https://${domain}/blog/`);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "remove-property");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(blog).toHaveCount(0);
  await expect(props.getByRole("heading", { name: "Google Search Console properties" })).toBeFocused();
  const list = await (await page.request.get(projectApi(project, "/gsc/properties"))).json();
  expect(list.data.map((p: { role: string }) => p.role)).toEqual(["main"]);

  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoHorizontalOverflow(page);
  await shot(page, "properties-mobile");
});

test("coverage: loading, an error with a retry, no URLs yet, and Google not connected", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 1200 });
  await signIn(page, uniqueEmail("cov-empty"));
  const domain = uniqueDomain("cove");
  const project = await createProject(page, domain);
  // Bing proves ownership, so the overview opens (not the setup wizard); Google stays unconnected.
  const apiKey = `coverage-key-${Math.random().toString(36).slice(2, 10)}-0123456789`;
  await engineBKey(apiKey, [{ Url: `https://${domain}/`, IsVerified: true }]);
  expect((await page.request.post(projectApi(project, "/engineB"), { data: { apiKey } })).status()).toBe(200);

  // The API fails (twice: the query retries once), then answers after a while.
  let failing = true;
  await page.route("**/coverage", async (route) => {
    if (failing) return route.fulfill({ status: 500, json: { success: false, code: "INTERNAL_ERROR", message: "Something went wrong on our side." } });
    await new Promise((r) => setTimeout(r, 1_500));
    return route.continue();
  });
  await page.goto(`/projects/${project.id}`);
  const panel = page.getByTestId("coverage");
  await expect(panel.getByRole("alert")).toContainText("Something went wrong on our side.");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "error");
  failing = false;
  await panel.getByRole("button", { name: "Try again" }).press("Enter");
  await expect(panel.getByRole("status").filter({ hasText: "Loading coverage…" })).toBeVisible();
  await expect(panel.getByTestId("coverage-empty")).toContainText("No URLs tracked yet.");
  await expect(panel.getByTestId("coverage-gsc-not-connected")).toContainText("Connect Google Search Console to plan inspections");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "empty-not-connected");

  // With URLs, Google still not connected: the panel fills in and the plan says what is missing.
  await page.unroute("**/coverage");
  await admitUrls(page, project, ["/", "/about"]);
  await page.reload();
  await expect(panel.getByTestId("coverage-google")).toContainText("2 tracked URLs");
  await expect(panel.getByTestId("coverage-plan").getByTestId("coverage-gsc-not-connected")).toContainText("Connect Google Search Console to plan inspections");
  await expect(panel.getByTestId("coverage-bing-not-connected")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "google-not-connected");

  // No properties list on Connections while Google is not connected.
  await page.goto(`/projects/${project.id}/connections`);
  await expect(page.getByTestId("gsc-card")).toBeVisible();
  await expect(page.getByTestId("gsc-properties")).toHaveCount(0);
});
