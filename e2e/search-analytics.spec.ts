import { spawn } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { appEnv, gscSearchAnalytics, gscSites, uniqueDomain, type GscSearchAnalyticsRow } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, type E2eProject } from "./project-fixtures";

// The app's database (as e2e/project-fixtures.ts reaches it): the operator CLI pulls into it, and an inspection's
// verdict (the inspection jobs reach the real console) is written directly.
const databaseUrl = () =>
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL
  ?? `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}/postgres?sslmode=disable`;

const shot = (page: Page, name: string) => screenshot(page, `search-analytics-${name}`, { dir: "test-results/screenshots" });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pacificToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
/** The Pacific day `n` days before today, as the console counts days: "2026-11-24". */
const daysAgo = (n: number) => new Date(Date.parse(`${pacificToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** "24 Nov 2026", as the dashboard writes a day. */
const written = (day: string) => { const [y, m, d] = day.split("-").map(Number); return `${d} ${MONTHS[m - 1]} ${y}`; };
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A crawled-but-not-indexed answer of a URL inspection 40 days ago, as the inspection job records it. */
async function recordOldInspection(p: E2eProject, path: string) {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    await db.query(
      `UPDATE tracked_urls SET engine_a_state = 'crawled_not_indexed', engine_a_state_source = 'inspection', engine_a_observed_at = now() - interval '40 days',
         last_engine_sync_at = now() - interval '40 days' WHERE project_id = $1 AND url = $2`,
      [p.id, `https://${p.domain}${path}`],
    );
  } finally {
    await db.end();
  }
}

/** `npm run cli -- search-analytics:pull --project …` against the app's database and fakes; answers its JSON. */
async function pullByCli(p: E2eProject): Promise<Record<string, unknown>> {
  const env = { ...process.env, ...(await appEnv()), DATABASE_URL: databaseUrl() };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", "search-analytics:pull", "--project", p.id], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "", err = "";
  child.stdout.on("data", (c: Buffer) => { out += c; });
  child.stderr.on("data", (c: Buffer) => { err += c; });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  expect(code, err).toBe(0);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

async function connectGsc(page: Page, p: E2eProject, account: string) {
  await page.goto(`/projects/${p.id}/connections`);
  await page.getByTestId("gsc-card").getByRole("button", { name: "Connect Google Search Console" }).click();
  await expect(page.getByRole("heading", { name: "Fake Google Search Console: grant access" })).toBeVisible();
  await page.getByLabel("Account").selectOption(account);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByTestId("gsc-callback").getByRole("heading", { name: "Connected" })).toBeVisible();
}

test("search analytics: pulled clicks and impressions sort the URL list, filter by the verdict's source and age, chart in the detail", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, uniqueEmail("sa"));
  const domain = uniqueDomain("sa");
  const base = `https://${domain}`;
  const project = await createProject(page, domain);
  // /top is admitted last, so that discovery order puts it last and only the clicks put it first.
  const longPath = "/guides/2026/how-to-read-the-search-analytics-report-of-a-very-large-site-step-by-step";
  await admitUrls(page, project, ["/quiet", "/second", "/inspected", longPath]);
  await admitUrls(page, project, ["/top"]);
  await recordOldInspection(project, "/inspected");

  // The console account is this test's own, with the domain property the connection form suggests.
  const account = uniqueEmail("sa-console");
  const property = `sc-domain:${domain}`;
  await gscSites([{ siteUrl: property, permissionLevel: "siteOwner" }], account);
  await connectGsc(page, project, account);
  const rows: GscSearchAnalyticsRow[] = [
    ...range(1, 20).map((n) => ({ page: `${base}/top`, date: daysAgo(n), clicks: 5 + (n % 4), impressions: 120 + 10 * (n % 5), position: 2.5 })),
    ...range(2, 10).map((n) => ({ page: `${base}/second`, date: daysAgo(n), clicks: 1, impressions: 40, position: 8.5 })),
    { page: `${base}/quiet`, date: daysAgo(60), clicks: 0, impressions: 3, position: 41 },
    ...range(1, 5).map((n) => ({ page: `${base}/blog/not-tracked`, date: daysAgo(n), clicks: 3, impressions: 50 })),
  ];
  await gscSearchAnalytics(property, rows);
  const topClicks = rows.filter((r) => r.page === `${base}/top`).reduce((n, r) => n + r.clicks, 0);
  const topImpressions = rows.filter((r) => r.page === `${base}/top`).reduce((n, r) => n + r.impressions, 0);

  // Before the first pull: no figures, and the detail says where the data will come from.
  const urlsPage = `/projects/${project.id}/urls`;
  await page.goto(urlsPage);
  const list = page.getByTestId("url-row");
  await expect(list).toHaveCount(5);
  await expect(list.last()).toContainText(`${base}/top`);
  await list.filter({ hasText: `${base}/top` }).getByRole("link", { name: `${base}/top` }).click();
  let detail = page.getByRole("dialog", { name: "URL details" });
  await expect(detail.getByTestId("performance-empty")).toHaveText("No Search Analytics data yet: it is pulled daily once Google Search Console is connected.");
  await expect(detail.getByTestId("google-verdict-provenance")).toContainText("No verdict from Google yet");
  await shot(page, "detail-before-pull");
  await page.keyboard.press("Escape");

  // The operator CLI runs the daily pull now: the console's 16 months, then the figures and the evidence.
  const outcome = await pullByCli(project);
  expect(outcome).toMatchObject({ projectId: project.id, status: "pulled", counts: { matched: rows.length - 5, untracked: 5 }, promoted: 3 });

  // Sorted by clicks (in the address, and still so after a reload: the server renders the same order).
  await page.goto(urlsPage);
  await expect(list).toHaveCount(5);
  const table = page.getByRole("region", { name: "Tracked URLs" });
  await expect(table.getByRole("columnheader", { name: "Clicks (28 d)" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Impressions (28 d)" })).toBeVisible();
  await page.getByLabel("Sort by").selectOption({ label: "Clicks (28 d), most first" });
  await expect(page).toHaveURL(/\?sort=clicks28d$/);
  await expect(list.first()).toContainText(`${base}/top`);
  await expect(list.first()).toContainText(topClicks.toLocaleString("en-US"));
  await expect(list.first()).toContainText(topImpressions.toLocaleString("en-US"));
  await expect(list.nth(1)).toContainText(`${base}/second`);
  await page.reload();
  await expect(page.getByLabel("Sort by")).toHaveValue("clicks28d");
  await expect(list.first()).toContainText(`${base}/top`);
  // The table fits a 1280 px window: no column is scrolled out of sight; a long URL gives up its host first.
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(list.filter({ hasText: longPath }).getByRole("link", { name: `${base}${longPath}`, exact: true })).toHaveAttribute("title", `${base}${longPath}`);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "list-by-clicks");

  // The verdict's source and age, as filters in the address.
  await page.getByLabel("Google verdict based on").selectOption({ label: "Search Analytics (shown in results)" });
  await expect(page).toHaveURL(/\?stateSource=search_analytics&sort=clicks28d$/);
  await expect(list).toHaveCount(3);
  await page.getByLabel("Google verdict older than").selectOption({ label: "28 days, or no verdict" });
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText(`${base}/quiet`);
  await page.getByLabel("Google verdict based on").selectOption({ label: "URL inspection" });
  await expect(page).toHaveURL(/\?stateSource=inspection&verdictOlderThanDays=28&sort=clicks28d$/);
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText(`${base}/inspected`);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "list-filtered");

  // The inspected URL: Google's verdict came from an inspection, and Google never showed the page.
  await list.first().getByRole("link", { name: `${base}/inspected` }).click();
  detail = page.getByRole("dialog", { name: "URL details" });
  await expect(detail.getByTestId("google-verdict-provenance")).toContainText("Crawled, not indexed in Google — from a URL inspection on");
  await expect(detail.getByTestId("url-performance-28d")).toContainText("CTR (28 days)—");
  await expect(detail.getByTestId("last-impression")).toHaveText("Not shown in Google's results in the last 16 months.");
  await expect(detail.getByTestId("performance-empty")).toHaveText("Google did not show this page in its search results in the last 90 days.");
  await shot(page, "detail-inspection");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(list).toHaveCount(5);

  // The top page: indexed on the evidence of its last impression, its 28-day figures, the chart and its table.
  await list.first().getByRole("link", { name: `${base}/top` }).click();
  detail = page.getByRole("dialog", { name: "URL details" });
  await expect(detail.getByTestId("google-verdict-provenance"))
    .toHaveText(`Indexed in Google — shown in search results on ${written(daysAgo(1))} (Search Analytics).`);
  const figures = detail.getByTestId("url-performance-28d");
  await expect(figures).toContainText(`Clicks (28 days)${topClicks}`);
  await expect(figures).toContainText(`Impressions (28 days)${topImpressions.toLocaleString("en-US")}`);
  await expect(figures).toContainText(`CTR (28 days)${((topClicks / topImpressions) * 100).toFixed(1)}%`);
  await expect(figures).toContainText("Average position2.5");
  await expect(detail.getByTestId("last-impression")).toHaveText(`Last shown in Google's results on ${written(daysAgo(1))}.`);
  await expect(detail.getByTestId("performance-chart").locator(".recharts-line")).toHaveCount(2);
  await expect(detail.getByTestId("performance-table").locator("tbody tr")).toHaveCount(20);
  await detail.getByText("28 days", { exact: true }).click();
  await expect(detail).toContainText(`${topClicks} clicks and ${topImpressions.toLocaleString("en-US")} impressions in the last 28 days.`);
  await detail.getByRole("button", { name: "Show the numbers as a table" }).click();
  await expect(detail.getByTestId("performance-table")).toBeVisible();
  await expect(detail.getByTestId("performance-table").locator("tbody tr").first()).toContainText(written(daysAgo(20)));
  await expectNoSeriousA11yViolations(page);
  await shot(page, "detail-chart");

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await shot(page, "detail-mobile");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The page Google shows that nobody tracks: offered on the URL list, tracked with one click.
  const untracked = page.getByTestId("untracked-pages");
  await expect(untracked.locator("summary")).toHaveText("Google shows 1 page of this site that you don't track");
  await untracked.locator("summary").click();
  await expect(untracked.getByRole("row")).toHaveCount(2); // the header and the page
  await expect(untracked).toContainText(`${base}/blog/not-tracked`);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "untracked");
  await untracked.getByRole("button", { name: `Track ${base}/blog/not-tracked` }).click();
  // Tracked: in the list now, and no longer offered (the panel goes once none is left).
  await expect(list).toHaveCount(6);
  await expect(page.getByTestId("untracked-pages")).toHaveCount(0);
});
