import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { consoleSites, engineBKey, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { createProject, type E2eProject } from "./project-fixtures";

// The app's database (as e2e/project-fixtures.ts reaches it): the revoked grant and an engine failure have no API.
const databaseUrl = () =>
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL
  ?? `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}/postgres?sslmode=disable`;

async function markRevokedAndFailing(p: E2eProject) {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    await db.query(
      `UPDATE projects SET gsc_property_url = $2, gsc_connected_at = now() - interval '3 days', gsc_revoked_at = now() - interval '1 hour',
         engine_b_last_error = 'GetUrlInfo answered 500 InternalError' WHERE id = $1`,
      [p.id, `sc-domain:${p.domain}`],
    );
  } finally {
    await db.end();
  }
}

const connectionsPage = (p: E2eProject) => `/projects/${p.id}/connections`;

async function openConnections(page: Page, p: E2eProject) {
  await page.goto(connectionsPage(p));
  await expect(page.getByRole("heading", { name: "Search engine connections" })).toBeVisible();
}

test("connections: the console through its consent page, a property that does not cover, retry, disconnect", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, uniqueEmail("gsc"));
  const domain = uniqueDomain("gsc");
  const project = await createProject(page, domain);
  // The console account has the URL-prefix property, not the domain property the form suggests.
  await consoleSites([
    { siteUrl: `https://${domain}/`, permissionLevel: "siteOwner" },
    { siteUrl: `https://www.${domain}/`, permissionLevel: "siteOwner" },
  ]);

  await openConnections(page, project);
  const gsc = page.getByTestId("gsc-card");
  await expect(page.getByRole("link", { name: "Connections" })).toHaveAttribute("aria-current", "page");
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Not connected");
  await expect(gsc.getByLabel("Console property")).toHaveValue(`sc-domain:${domain}`);
  await expect(page.getByTestId("engine-b-status")).toHaveText("Not connected");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-not-connected");

  // The real redirect flow: the consent page of the fake console, then back to /projects/gsc/callback.
  await gsc.getByRole("button", { name: "Connect the console" }).click();
  await expect(page.getByRole("heading", { name: "Fake console: grant access" })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/projects\/gsc\/callback$/);
  const callback = page.getByTestId("gsc-callback");
  await expect(callback.getByRole("heading", { name: "Choose the property to connect" })).toBeVisible();
  await expect(callback).toContainText(`Your console account has no verified property sc-domain:${domain}.`);
  // Only the properties that cover the domain are offered (not the www. one).
  const choices = callback.getByRole("radio");
  await expect(choices).toHaveCount(1);
  await expect(callback.getByRole("radio", { name: `https://${domain}/` })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-gsc-choose-property");

  // Same state and code, no second consent.
  await callback.getByRole("button", { name: "Connect this property" }).click();
  await expect(callback.getByRole("heading", { name: "Connected" })).toBeVisible();
  await expect(callback).toContainText(`https://${domain}/ is connected to`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-gsc-callback-connected");

  await callback.getByRole("link", { name: "Back to Connections" }).click();
  await expect(page).toHaveURL(new RegExp(`${connectionsPage(project)}$`));
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Connected");
  await expect(gsc.getByTestId("gsc-property")).toHaveText(`https://${domain}/`);
  await expect(gsc.getByRole("progressbar", { name: "Inspections today: 0 / 2,000" })).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-gsc-connected");

  await gsc.getByRole("button", { name: "Disconnect the console" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect the console?" });
  await expect(dialog).toContainText(`https://${domain}/`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(dialog).toBeHidden();
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Not connected");
  await expect(gsc.getByRole("button", { name: "Connect the console" })).toBeVisible();

  // Coming back to the callback page without a consent started in this tab says so.
  await page.goto("/projects/gsc/callback?code=4%2Fstale&state=not-a-state-of-this-tab");
  await expect(page.getByRole("heading", { name: "We can't tell which project this was for" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("connections: engine B with a refused key, a key without the site, then a good key; disconnect", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, uniqueEmail("engb"));
  const domain = uniqueDomain("engb");
  const project = await createProject(page, domain);
  const suffix = Math.random().toString(36).slice(2, 10);
  const goodKey = `good-key-${suffix}-0123456789`;
  const otherKey = `other-key-${suffix}-0123456789`;
  await engineBKey(goodKey, [{ Url: `https://${domain}/`, IsVerified: true }]);
  await engineBKey(otherKey, [{ Url: `https://elsewhere-${suffix}.example/`, IsVerified: true }]);

  await openConnections(page, project);
  const card = page.getByTestId("engine-b-card");
  const keyField = card.getByLabel("Engine B API key");
  await expect(keyField).toHaveAttribute("type", "password");

  await keyField.fill(`bad-key-${suffix}-0123456789`);
  await card.getByRole("button", { name: "Connect engine B" }).click();
  await expect(card.getByRole("alert")).toBeVisible();
  await expect(card.getByTestId("connection-error")).toContainText("refused this API key");
  await expect(keyField).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-engine-b-bad-key");

  await keyField.fill(otherKey);
  await card.getByRole("button", { name: "Connect engine B" }).click();
  await expect(card.getByTestId("engine-b-sites")).toContainText(`https://elsewhere-${suffix}.example/`);
  await expect(card.getByTestId("connection-error")).toContainText("use that account's key");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-engine-b-site-not-found");

  await keyField.fill(goodKey);
  await card.getByRole("button", { name: "Connect engine B" }).click();
  await expect(card.getByTestId("engine-b-status")).toHaveText("Connected");
  await expect(card).toContainText("Connected since");
  // The key is never shown back.
  expect(await page.content()).not.toContain(goodKey);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-engine-b-connected");

  // What the inspection runs record: the console grant revoked (property and date kept), a failing engine-B call.
  await markRevokedAndFailing(project);
  await page.reload();
  const gsc = page.getByTestId("gsc-card");
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Access revoked");
  await expect(gsc.getByTestId("gsc-revoked")).toContainText("Access was revoked on");
  await expect(gsc.getByTestId("gsc-property")).toHaveText(`sc-domain:${domain}`);
  await expect(gsc.getByLabel("Console property")).toHaveValue(`sc-domain:${domain}`);
  await expect(gsc.getByRole("button", { name: "Reconnect the console" })).toBeVisible();
  await expect(card.getByTestId("engine-b-last-error")).toContainText("InternalError");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-revoked-and-engine-b-error");

  await card.getByRole("button", { name: "Disconnect engine B" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect engine B?" });
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("engine-b-status")).toHaveText("Not connected");
  await expect(keyField).toHaveValue("");

  await page.setViewportSize({ width: 375, height: 900 });
  await openConnections(page, project);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "connections-mobile");
});
