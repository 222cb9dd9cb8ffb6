import { spawn } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { databaseUrl, sql } from "./database";
import { appEnv, siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi, type E2eProject } from "./project-fixtures";

// The app's database (as e2e/project-fixtures.ts reaches it): a Bing connection and the passing of time are
// written directly (the journey cannot wait 30 days); the hourly removals job runs through the operator CLI.

/** `npm run cli -- removals:follow --project …` against the app's database and the fake site: what the hourly job does. */
async function followByCli(p: E2eProject): Promise<Record<string, unknown>> {
  const env = { ...process.env, ...(await appEnv()), DATABASE_URL: databaseUrl() };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", "removals:follow", "--project", p.id], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "", err = "";
  child.stdout.on("data", (c: Buffer) => { out += c; });
  child.stderr.on("data", (c: Buffer) => { err += c; });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  expect(code, err).toBe(0);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

const batch = (page: Page) => page.getByTestId("removal-batch").first();

test("a removal declared, checked against the site, removed by Bing, stuck, seen on the URL, downloaded and cancelled", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, uniqueEmail("removals"));
  const domain = uniqueDomain("removals");
  const p = await createProject(page, domain, "Retired range");
  await siteRoute(domain, "/old-1", { status: 404, body: "gone" });
  await siteRoute(domain, "/old-2", { status: 410, body: "gone" });
  await siteRoute(domain, "/still", { status: 200, body: "<html><head><title>Still here</title></head><body>still</body></html>", headers: { "content-type": "text/html" } });
  await admitUrls(page, p, ["/old-1", "/old-2", "/still"]);
  // Bing is connected (the key itself is never used here: the journey writes Bing's answer below).
  await sql("UPDATE projects SET engine_b_api_key_enc = 'e2e', engine_b_site_url = 'https://' || domain || '/', engine_b_connected_at = now() WHERE id = $1", [p.id]);

  // The Removals tab, empty.
  await page.goto(`/projects/${p.id}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Removals" }).click();
  await expect(page.getByRole("heading", { name: "No removal declared yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "removals-empty");

  // Declare the three URLs gone.
  await page.getByLabel(/URLs to remove/).fill([`https://${domain}/old-1`, `https://${domain}/old-2`, `https://${domain}/still`].join("\n"));
  await page.getByLabel("What the site does now").selectOption("gone");
  await page.getByRole("button", { name: "Declare removal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Removal of 3 URLs declared" })).toBeVisible();
  await expect(batch(page)).toContainText("3 pending");
  await expect(batch(page)).toContainText("Following");
  await screenshot(page, "removals-declared");

  // Thirty-one days later: Bing has dropped /old-2, /still is still served. The job runs.
  await sql("UPDATE removal_urls SET declared_at = declared_at - interval '31 days' WHERE project_id = $1", [p.id]);
  await sql("UPDATE tracked_urls SET engine_b_state = 'not_indexed', engine_b_observed_at = now() WHERE project_id = $1 AND url LIKE '%/old-2'", [p.id]);
  await sql("UPDATE tracked_urls SET engine_b_state = 'indexed', engine_b_observed_at = now() WHERE project_id = $1 AND url NOT LIKE '%/old-2'", [p.id]);
  expect(await followByCli(p)).toMatchObject({ siteChecked: 3, confirmed: 2, removed: 1, stuck: 2 });

  await page.reload();
  await expect(batch(page)).toContainText("2 stuck");
  const reasons = batch(page).getByText("Why they are stuck").locator("..");
  await expect(reasons).toContainText("still answers 200 (1)");
  await expect(reasons).toContainText("the page answers 404, but Bing still indexes it (1)");
  await expect(batch(page).getByRole("img", { name: /^Bing: 1 removed/ })).toBeVisible();
  await expect(batch(page).getByRole("img", { name: "Google: not connected" })).toBeVisible();
  await batch(page).getByRole("button", { name: "Show URLs" }).click();
  const rows = page.getByTestId("removal-url-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Stuck");
  await expect(page.getByTestId("removal-url-row").filter({ hasText: "/old-2" })).toContainText("Removed");
  await expect(rows.first()).toContainText("Not connected"); // Google
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "removals-stuck");

  // The CSV for Search Console's Removals tool, and the public removal sitemap (no credentials).
  const [csv] = await Promise.all([page.waitForEvent("download"), batch(page).getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^removal-.*\.csv$/);
  const publicUrl = (await batch(page).locator("span.font-mono").textContent())!.trim();
  const anonymous = await browser.newContext();
  const pub = await anonymous.request.get(new URL(publicUrl).pathname);
  expect(pub.status()).toBe(200);
  expect(await pub.text()).toContain(`<loc>https://${domain}/still</loc>`);
  await batch(page).getByRole("button", { name: "Copy public sitemap address" }).click();

  // The URL detail shows its removal timeline.
  const urlsRes = await page.request.get(projectApi(p, "/urls?limit=10"));
  const still = ((await urlsRes.json()).data as { id: string; url: string }[]).find((u) => u.url.endsWith("/still"))!;
  await page.goto(`/projects/${p.id}/urls?url=${still.id}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Removal" })).toBeVisible();
  await expect(dialog).toContainText("Stuck");
  await expect(dialog).toContainText("Declared gone (404/410)");
  await dialog.getByRole("heading", { name: "Removal" }).scrollIntoViewIfNeeded();
  await screenshot(page, "removals-url-timeline");

  // The overview sets time to removal beside time to index: Bing dropped /old-2 31 days after the declaration.
  await page.goto(`/projects/${p.id}`);
  const ttr = page.getByTestId("time-to-removal");
  await expect(ttr.getByRole("row", { name: /^Bing/ })).toContainText("31.0 days");
  await expect(ttr.getByTestId("time-to-removal-following")).toContainText("2 URLs of removals still followed, 2 stuck");
  await ttr.scrollIntoViewIfNeeded();
  await screenshot(page, "removals-overview-time-to-removal");

  // Cancel, with confirmation: the public sitemap is revoked.
  await page.goto(`/projects/${p.id}/removals`);
  await batch(page).getByRole("button", { name: "Cancel removal" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this removal?" });
  await expect(confirm).toBeVisible();
  await screenshot(page, "removals-cancel-confirm");
  await confirm.getByRole("button", { name: "Cancel removal" }).click();
  await expect(batch(page)).toContainText("Cancelled");
  expect((await anonymous.request.get(new URL(publicUrl).pathname)).status()).toBe(404);
  await anonymous.close();
});

test("removals declared from a file: a preview with every row left out and why, then one batch per intent", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, uniqueEmail("removals-file"));
  const domain = uniqueDomain("removals-file");
  const p = await createProject(page, domain, "Migrated shop");
  await admitUrls(page, p, ["/old-a", "/old-b", "/moved"]);
  const csv = [
    "url,intent,redirect target",
    `https://${domain}/old-a,gone,`,
    `https://${domain}/moved,redirected,https://new-shop.example/moved`,
    `https://${domain}/old-b,,`,
    `https://${domain}/never-tracked,gone,`,
    "https://elsewhere.example/x,gone,",
    `https://${domain}/old-a,410,`,
  ].join("\n");

  // The URL list offers the removal of everything its filters match, beside its selection.
  await page.goto(`/projects/${p.id}/urls?source=manual`);
  await page.getByRole("button", { name: "Declare removal…" }).click();
  const fromList = page.getByRole("dialog", { name: "Declare URLs removed" });
  await expect(fromList.getByRole("radio", { name: "All 3 URLs matching the current filters" })).toBeChecked();
  await expect(fromList.getByRole("radio", { name: /selected on this page/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "removals-url-list-filter");
  await fromList.getByRole("button", { name: "Cancel" }).click();

  await page.goto(`/projects/${p.id}/removals`);
  const panel = page.getByTestId("removal-import");
  await panel.getByLabel("Intent of rows without one").selectOption("noindexed");
  await panel.locator("input[type=file]").setInputFiles({ name: "migration.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const preview = page.getByTestId("removal-import-preview");
  await expect(preview).toContainText("6 rows (after the header): 3 URLs to declare, 3 rows left out.");
  await expect(preview).toContainText("Gone (404/410): 1 URL");
  await expect(preview).toContainText("Redirected: 1 URL → https://new-shop.example/moved");
  await expect(preview).toContainText("Noindexed: 1 URL");
  await expect(preview).toContainText("on another host (new-shop.example)");
  await expect(page.getByTestId("removal-import-skipped")).toHaveCount(3);
  await expect(page.getByTestId("removal-import-skipped").filter({ hasText: "never-tracked" })).toContainText("The project does not track this URL");
  await expect(page.getByTestId("removal-import-skipped").filter({ hasText: "(line 2)" })).toContainText("repeats an earlier row");
  await expect(page.getByTestId("removal-batch")).toHaveCount(0); // nothing declared by the preview
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, "removals-import-preview");

  await preview.getByRole("button", { name: "Declare the removal of 3 URLs" }).click();
  await expect(panel.getByRole("status")).toContainText("3 URLs of migration.csv declared in 3 removals");
  await expect(page.getByTestId("removal-batch")).toHaveCount(3);
  await expect(page.getByTestId("removal-batch").filter({ hasText: "Redirected: 1 URL" })).toContainText("to https://new-shop.example/moved (another site)");
  await screenshot(page, "removals-import-declared");
});
