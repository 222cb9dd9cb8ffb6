import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { gscSites, engineBKey, engineBUrlInfo, siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi, type E2eProject } from "./project-fixtures";

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

test("connections: gsc through its consent page, a property that does not cover, retry, disconnect", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  // Every page declares the app icon, so no page asks for a missing /favicon.ico.
  const missingIcons: string[] = [];
  page.on("response", (r) => { if (/\/(?:favicon\.ico|icon[^/]*)$/.test(new URL(r.url()).pathname) && r.status() >= 400) missingIcons.push(r.url()); });
  await signIn(page, uniqueEmail("gsc"));
  const domain = uniqueDomain("gsc");
  const project = await createProject(page, domain);
  // The gsc account has the URL-prefix property, not the domain property the form suggests. The account is
  // this test's own (chosen on the consent page), so journeys running side by side never see each other's sites.
  const account = uniqueEmail("gsc-console");
  await gscSites([
    { siteUrl: `https://${domain}/`, permissionLevel: "siteOwner" },
    { siteUrl: `https://www.${domain}/`, permissionLevel: "siteOwner" },
  ], account);

  await openConnections(page, project);
  const gsc = page.getByTestId("gsc-card");
  await expect(page.getByRole("link", { name: "Connections" })).toHaveAttribute("aria-current", "page");
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Not connected");
  await expect(gsc.getByLabel("Search Console property")).toHaveValue(`sc-domain:${domain}`);
  await expect(page.getByTestId("engine-b-status")).toHaveText("Not connected");
  // The engines by their names, never by the spec's neutral words.
  await expect(gsc.getByRole("heading", { name: /^Google Search Console/ })).toBeVisible();
  await expect(page.getByTestId("engine-b-card").getByRole("heading", { name: /^Bing Webmaster Tools/ })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/engine [AB]\b/i);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-not-connected");

  // The real redirect flow: the consent page of the fake gsc, then back to /projects/gsc/callback.
  await gsc.getByRole("button", { name: "Connect Google Search Console" }).click();
  await expect(page.getByRole("heading", { name: "Fake Google Search Console: grant access" })).toBeVisible();
  await page.getByLabel("Account").selectOption(account);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/projects\/gsc\/callback$/);
  const callback = page.getByTestId("gsc-callback");
  await expect(callback.getByRole("heading", { name: "Choose the property to connect" })).toBeVisible();
  await expect(callback).toContainText(`Your Google Search Console account has no verified property sc-domain:${domain}.`);
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

  await gsc.getByRole("button", { name: "Disconnect Google Search Console" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect Google Search Console?" });
  await expect(dialog).toContainText(`https://${domain}/`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(dialog).toBeHidden();
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Not connected");
  await expect(gsc.getByRole("button", { name: "Connect Google Search Console" })).toBeVisible();

  // Coming back to the callback page without a consent started in this tab says so.
  await page.goto("/projects/gsc/callback?code=4%2Fstale&state=not-a-state-of-this-tab");
  await expect(page.getByRole("heading", { name: "We can't tell which project this was for" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const icon = page.locator('head link[rel="icon"]');
  await expect(icon).toHaveAttribute("type", "image/svg+xml");
  const iconAnswer = await page.request.get((await icon.getAttribute("href"))!);
  expect(iconAnswer.status()).toBe(200);
  expect(iconAnswer.headers()["content-type"]).toContain("image/svg+xml");
  expect(missingIcons).toEqual([]);
});

test("connections: Bing with a refused key, a key without the site, then a good key; disconnect", async ({ page }) => {
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
  const keyField = card.getByLabel("Bing Webmaster Tools API key");
  await expect(keyField).toHaveAttribute("type", "password");

  await keyField.fill(`bad-key-${suffix}-0123456789`);
  await card.getByRole("button", { name: "Connect Bing Webmaster Tools" }).click();
  await expect(card.getByRole("alert")).toBeVisible();
  await expect(card.getByTestId("connection-error")).toContainText("Bing Webmaster Tools refused this API key");
  await expect(keyField).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-engine-b-bad-key");

  await keyField.fill(otherKey);
  await card.getByRole("button", { name: "Connect Bing Webmaster Tools" }).click();
  await expect(card.getByTestId("engine-b-sites")).toContainText(`https://elsewhere-${suffix}.example/`);
  await expect(card.getByTestId("connection-error")).toContainText("use that account's key");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-engine-b-site-not-found");

  await keyField.fill(goodKey);
  await card.getByRole("button", { name: "Connect Bing Webmaster Tools" }).click();
  await expect(card.getByTestId("engine-b-status")).toHaveText("Connected");
  await expect(card).toContainText("Connected since");
  // The key is never shown back.
  expect(await page.content()).not.toContain(goodKey);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-engine-b-connected");

  // What the inspection runs record: the gsc grant revoked (property and date kept), a failing engine-B call.
  await markRevokedAndFailing(project);
  await page.reload();
  const gsc = page.getByTestId("gsc-card");
  await expect(gsc.getByTestId("gsc-status")).toHaveText("Access revoked");
  await expect(gsc.getByTestId("gsc-revoked")).toContainText("Access was revoked on");
  await expect(gsc.getByTestId("gsc-property")).toHaveText(`sc-domain:${domain}`);
  await expect(gsc.getByLabel("Search Console property")).toHaveValue(`sc-domain:${domain}`);
  await expect(gsc.getByRole("button", { name: "Reconnect Google Search Console" })).toBeVisible();
  await expect(card.getByTestId("engine-b-last-error")).toContainText("InternalError");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-revoked-and-engine-b-error");

  await card.getByRole("button", { name: "Disconnect Bing Webmaster Tools" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect Bing Webmaster Tools?" });
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("engine-b-status")).toHaveText("Not connected");
  await expect(keyField).toHaveValue("");

  await page.setViewportSize({ width: 375, height: 900 });
  await openConnections(page, project);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "connections-mobile");
});

test("connections: the URL panel shows both engines side by side, the raw answer, and a drop with its likely cause", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1500 });
  await signIn(page, uniqueEmail("engines"));
  const domain = uniqueDomain("eng");
  const base = `https://${domain}`;
  const project = await createProject(page, domain);
  const apiKey = `engines-key-${Math.random().toString(36).slice(2, 10)}-0123456789`;
  await engineBKey(apiKey, [{ Url: `${base}/`, IsVerified: true }]);
  expect((await page.request.post(projectApi(project, "/engineB"), { data: { apiKey } })).status()).toBe(200);
  const html = (head: string) => ({ body: `<!doctype html><html><head><title>t</title>${head}</head><body>hi</body></html>`, headers: { "content-type": "text/html" } });
  await siteRoute(domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", headers: { "content-type": "text/plain" } });
  await siteRoute(domain, "/guide", html(""));
  await admitUrls(page, project, ["/guide"]);
  const list = await (await page.request.get(projectApi(project, "/urls"))).json();
  const urlId = list.data[0].id as string;

  // First inspection: Bing has the page (a document size), so it is indexed.
  await engineBUrlInfo(`${base}/guide`, { HttpStatus: 200, DocumentSize: 5120, LastCrawledDate: "2026-11-01T00:00:00Z", DiscoveryDate: "2026-10-01T00:00:00Z" });
  expect((await page.request.post(projectApi(project, `/urls/${urlId}/inspect`))).status()).toBe(200);
  // The page turns noindex and Bing lets it go: a drop, explained by our own audit.
  await siteRoute(domain, "/guide", html(`<meta name="robots" content="noindex">`));
  await engineBUrlInfo(`${base}/guide`, { DiscoveryDate: "2026-10-01T00:00:00Z" });
  expect((await page.request.post(projectApi(project, `/urls/${urlId}/inspect`))).status()).toBe(200);

  await page.goto(`/projects/${project.id}/urls?url=${urlId}`);
  const detail = page.getByRole("dialog", { name: "URL details" });
  const engines = detail.getByTestId("url-engines");
  await expect(engines.getByTestId("url-engine-engineA").getByRole("heading", { name: /^Google\b/ })).toBeVisible();
  await expect(engines.getByTestId("url-engine-engineA")).toContainText("No answer yet: Google is asked after an inspection");
  const b = engines.getByTestId("url-engine-engineB");
  await expect(b.getByRole("heading", { name: /^Bing\b/ })).toBeVisible();
  await expect(b).toContainText("Bing Webmaster Tools");
  await expect(b).toContainText("Not indexed");
  await expect(b).toContainText("Inspect now");
  await expect(b.getByTestId("drop-cause-engineB")).toContainText("Likely cause: a new noindex.");
  await expect(b).toContainText("Discovered");
  // Bing's latest record has no crawl: said in words, never as HTTP status 0 or a document size of 0.
  await expect(b.getByTestId("bing-not-crawled")).toHaveText("Not crawled by Bing");
  await expect(b).not.toContainText("HTTP status");
  await expect(detail.getByRole("link", { name: "Dropped from the index" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "connections-url-engines-side-by-side");
  // The history says Bing's answers in words, not its raw record.
  const history = detail.getByTestId("url-history");
  const answers = history.getByTestId("history-engine-answer");
  await expect(answers.first()).toHaveText("Bing: not indexed — discovered 1 Oct 2026, not crawled yet.");
  await expect(answers.last()).toHaveText("Bing: indexed — HTTP 200; 5 KB held; last crawled 1 Nov 2026.");
  await expect(history).not.toContainText("DocumentSize");
  await history.scrollIntoViewIfNeeded();
  await screenshot(page, "connections-url-history-in-words", { fullPage: false });
});
