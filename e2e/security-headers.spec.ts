import { expect, test, type Page } from "@playwright/test";
import { serveSitemap, uniqueDomain } from "./fakes";
import { uniqueEmail } from "./helpers";
import { signIn } from "./journey";
import { createProject, projectApi, recordAuditResults, recordHistory, syncByApi, verifyIndexNowKey } from "./project-fixtures";

/** Every Content-Security-Policy violation the page reports (the browser logs each one as a console error). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (msg) => { if (/Content Security Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`); });
  page.on("pageerror", (err) => { if (/Content Security Policy|unsafe-eval/i.test(err.message)) violations.push(`${page.url()}: ${err.message}`); });
  return violations;
}

function expectCspHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
}

test("pages run under the nonce CSP without a violation: sign-in, API reference, dashboard with charts, settings, a share link", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const violations = watchCsp(page);

  const signInPage = await page.goto("/sign-in");
  expectCspHeaders(signInPage!.headers());
  await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeVisible();

  // Swagger UI: its bundle is loaded by next/script ('strict-dynamic') and renders the operations.
  const docs = await page.goto("/docs/api");
  expectCspHeaders(docs!.headers());
  await expect(page.locator(".opblock").first()).toBeVisible({ timeout: 20_000 });

  await signIn(page, uniqueEmail("csp"));
  const domain = uniqueDomain("csp");
  const project = await createProject(page, domain);
  await serveSitemap(domain, 12);
  await verifyIndexNowKey(page, project);
  expect((await syncByApi(page, project)).status).toBe(200);
  await recordAuditResults(project);
  await recordHistory(project, 30);

  // react-query, recharts (inline styles) and client navigation.
  const overview = await page.goto(`/projects/${project.id}`);
  expectCspHeaders(overview!.headers());
  await expect(page.getByTestId("trends-chart")).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await page.goto(`/projects/${project.id}/urls`);
  await expect(page.getByRole("table").first()).toBeVisible();
  await page.goto("/settings/notifications");
  await expect(page.getByTestId("push-card")).toBeVisible();
  await page.goto("/projects");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

  // A share link, opened without signing in: it cannot be framed either.
  const created = await page.request.post(projectApi(project, "/share-links"), { data: { expiresInDays: 7 } });
  expect(created.status()).toBe(201);
  const shareUrl = (await created.json()).data.url as string;
  const client = await browser.newContext();
  const shared = await client.newPage();
  const sharedViolations = watchCsp(shared);
  const answer = await shared.goto(shareUrl);
  expectCspHeaders(answer!.headers());
  await expect(shared.getByTestId("trends-chart")).toBeVisible();
  await client.close();

  expect([...violations, ...sharedViolations]).toEqual([]);
});

test("a page cannot be framed by another site", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => { if (/frame-ancestors|Refused to (display|frame)/i.test(msg.text())) violations.push(msg.text()); });
  const target = new URL("/sign-in", test.info().project.use.baseURL).toString();
  await page.setContent(`<iframe src="${target}" title="framed"></iframe>`);
  await expect.poll(() => violations.length, { timeout: 10_000 }).toBeGreaterThan(0);
});
