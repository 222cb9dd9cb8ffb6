import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";

test("API keys: create one, call the API with it, disable it, delete it", async ({ page, context, request }) => {
  const email = uniqueEmail("settings-keys");
  await signIn(page, email);

  await page.getByRole("banner").getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  const tabs = page.getByRole("navigation", { name: "Settings" });
  await expect(tabs.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Account" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "settings-api-keys-empty");

  // Escape closes the dialog and focus goes back to the button that opened it.
  const openCreate = page.getByRole("button", { name: "Create API key" });
  await openCreate.click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Organization", { exact: true })).toHaveValue(/.+/);
  await expect(dialog.getByLabel("projects:read")).toBeChecked();
  await expect(dialog.getByLabel("organization:read")).toBeChecked();
  await expect(dialog.getByLabel("user:read")).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "settings-api-keys-create-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(openCreate).toBeFocused();

  // A failed request shows the API's own message (a blank name passes the browser's `required`).
  await openCreate.click();
  await dialog.getByLabel("Name").fill("   ");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Request validation failed");
  await dialog.getByLabel("Name").fill("E2E reporting");
  await dialog.getByLabel("user:read").check();
  await dialog.getByLabel("Expires").selectOption({ label: "In 90 days" });
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog).toBeHidden();

  const created = page.getByTestId("created-key");
  await expect(created).toContainText("it will not be shown again");
  const key = await created.getByLabel("Your new API key").inputValue();
  expect(key.length).toBeGreaterThan(32);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await created.getByRole("button", { name: "Copy" }).click();
  await expect(created.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const row = page.getByTestId("api-key-row").filter({ hasText: "E2E reporting" });
  await expect(row).toHaveCount(1);
  for (const scope of ["user:read", "projects:read", "organization:read"]) await expect(row.getByRole("listitem").filter({ hasText: scope })).toHaveCount(1);
  await expect(row).toContainText(`${key.slice(0, 8)}`);
  await expect(row.getByTestId("api-key-last-used")).toHaveText("Never");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "settings-api-keys-created");

  const callMe = () => request.get("/api/user/me", { headers: { "x-api-key": key } });
  const ok = await callMe();
  expect(ok.status()).toBe(200);
  expect((await ok.json()).data.email).toBe(email);

  // The key was used: after a reload the full key is gone for good, and "last used" is filled in.
  await page.reload();
  await expect(page.getByTestId("created-key")).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(row.getByTestId("api-key-last-used")).toContainText("UTC");

  const toggle = row.getByRole("switch", { name: "Enabled: E2E reporting" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).not.toHaveAttribute("aria-busy", "true"); // saved, not only shown
  const disabled = await callMe();
  expect(disabled.status()).toBe(401);
  expect((await disabled.json()).code).toBe("UNAUTHORIZED");

  // The switch works from the keyboard too.
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(toggle).not.toHaveAttribute("aria-busy", "true");
  await expect(toggle).toBeFocused();
  expect((await callMe()).status()).toBe(200);
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).not.toHaveAttribute("aria-busy", "true");
  expect((await callMe()).status()).toBe(401);

  // Usable at 375 px: the table scrolls inside its own region, the page does not.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "settings-api-keys-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Cancel first: Escape closes the confirmation and the focus returns to the row's Delete button.
  const deleteButton = row.getByRole("button", { name: "Delete E2E reporting" });
  await deleteButton.click();
  const confirm = page.getByRole("dialog", { name: "Delete API key" });
  await expect(confirm).toContainText("cannot be undone");
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await confirm.getByRole("button", { name: "Delete key" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("api-key-row")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "deleted" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  expect((await callMe()).status()).toBe(401);
});

test("account: profile, data export, paginated login history, deletion with typed confirmation", async ({ page }) => {
  const email = uniqueEmail("settings-account");
  await signIn(page, email);

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("account-email")).toHaveText(email);
  await expect(page.getByTestId("login-history-row").filter({ hasText: "auth.login" })).toHaveCount(1);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^indexwatch-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.profile.email).toBe(email);
  await expect(page.getByRole("status").filter({ hasText: "Downloaded indexwatch-export-" })).toBeVisible();
  // The export is itself a recorded security event.
  await expect(page.getByTestId("login-history-row").filter({ hasText: "data.exported" })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "settings-account");

  // More events than a page of 10 holds: the history pages, newest first, with the page in the URL.
  for (let i = 0; i < 10; i++) expect((await page.request.get("/api/user/me/export")).status()).toBe(200);
  await page.reload();
  const rows = page.getByTestId("login-history-row");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("data.exported");
  const range = page.getByRole("navigation", { name: "Login history pages" }).getByText(/^1–10 of \d+$/);
  const total = Number((await range.textContent())!.split(" of ")[1]);
  expect(total).toBeGreaterThanOrEqual(13); // user.created, auth.login, 11 exports
  await page.getByRole("button", { name: "Older" }).click();
  await expect(page).toHaveURL(/\/settings\/account\?page=2$/);
  await expect(rows).toHaveCount(total - 10);
  await expect(rows.filter({ hasText: "auth.login" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Older" })).toBeDisabled();
  await page.reload();
  await expect(rows).toHaveCount(total - 10);
  await page.getByRole("button", { name: "Newer" }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(rows).toHaveCount(10);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "settings-account-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  const deleteButton = page.getByRole("button", { name: "Delete my account" });
  const confirmInput = page.getByLabel("Type your email");
  await expect(deleteButton).toBeDisabled();
  await confirmInput.fill(email.toUpperCase());
  await expect(deleteButton).toBeDisabled();
  await confirmInput.fill(email);
  await expect(deleteButton).toBeEnabled();
  await confirmInput.scrollIntoViewIfNeeded();
  await screenshot(page, "settings-delete-confirm");

  const requested = Date.now();
  await deleteButton.click();
  const notice = page.getByTestId("deletion-scheduled");
  await expect(notice.getByRole("heading", { name: "Your account is scheduled for deletion" })).toBeFocused();
  await expect(notice).toContainText("Signing in again within 30 days");
  const graceDate = await notice.getByTestId("deletion-date").getAttribute("datetime");
  const inDays = (Date.parse(graceDate!) - requested) / 86_400_000;
  expect(inDays).toBeGreaterThan(29.99);
  expect(inDays).toBeLessThan(30.01);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "settings-account-deletion-scheduled");

  await page.goto("/settings/account");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Faccount$/);
});

test("credits: what spent what, the last 30 days, and the forecast of scheduled inspections", async ({ page }) => {
  const { uniqueDomain, serveSitemap } = await import("./fakes");
  const { createProject, projectApi, syncByApi, verifyIndexNowKey } = await import("./project-fixtures");
  await signIn(page, uniqueEmail("credits"));
  const domain = uniqueDomain("cred");
  const project = await createProject(page, domain, "Credit shop");
  await serveSitemap(domain, 12);
  await verifyIndexNowKey(page, project);
  expect((await syncByApi(page, project)).status).toBe(200);
  const { data: urls } = await (await page.request.get(projectApi(project, "/urls?limit=1"))).json();
  expect((await page.request.post(projectApi(project, `/urls/${urls[0].id}/inspect`))).status()).toBe(200);
  expect((await page.request.put(projectApi(project, "/automation"), { data: { enabled: true, cadence: "weekly" } })).status()).toBe(200);

  await page.goto("/settings/credits");
  await expect(page.getByRole("link", { name: "Credits", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("credits-balance")).toContainText("87");
  await expect(page.getByTestId("credits-spent")).toContainText("13");
  // Automation on, weekly: each of the 12 URLs is inspected once in the next cycle.
  await expect(page.getByTestId("credits-next-cycle")).toContainText("12");

  const rows = page.getByTestId("ledger-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Inspect now: one URL");
  await expect(rows.nth(0).getByRole("link", { name: urls[0].url })).toHaveAttribute("href", `/projects/${project.id}/urls?url=${urls[0].id}`);
  await expect(rows.nth(1)).toContainText("Sitemap sync: 12 new URLs admitted");
  await expect(rows.nth(1).getByRole("link", { name: "Credit shop" })).toHaveAttribute("href", `/projects/${project.id}`);
  await expect(rows.nth(2)).toContainText("Free credits with the new account");
  await expect(page.getByTestId("credits-usage-chart")).toBeVisible();
  const forecast = page.getByTestId("forecast-row").filter({ hasText: "Credit shop" });
  await expect(forecast).toContainText("Weekly");
  await expect(page.getByTestId("credits-forecast-chart")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "settings-credits");

  // One kind of movement, in the address.
  await page.getByLabel("Show", { exact: true }).selectOption({ label: "Sitemap sync" });
  await expect(page).toHaveURL(/\/settings\/credits\?kind=sitemap_admission$/);
  await expect(rows).toHaveCount(1);
  await page.getByTestId("credits-usage").getByRole("button", { name: "Show the numbers as a table" }).click();
  await expect(page.getByRole("region", { name: "Credits spent per day" })).toContainText("12");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "settings-credits-mobile");
});
