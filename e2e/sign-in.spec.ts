import { expect, test } from "@playwright/test";
import { screenshot, uniqueEmail } from "./helpers";
import { signIn } from "./journey";

test("sign in by magic link from the development mailbox, then sign out", async ({ page }) => {
  const email = uniqueEmail("sign-in");

  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await screenshot(page, "01-sign-in");

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page).toHaveURL(/\/check-email/);
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await screenshot(page, "02-check-email");

  await page.getByRole("link", { name: "Open the development mailbox" }).click();
  await expect(page).toHaveURL(/\/dev\/mailbox\?email=/);
  const signInLink = page.getByRole("link", { name: `Sign in as ${email}` });
  await expect(signInLink).toHaveCount(1);
  await screenshot(page, "03-dev-mailbox");

  await signInLink.click();
  await expect(page).toHaveURL(/\/projects$/);
  const header = page.getByRole("banner");
  await expect(header.getByTestId("user-email")).toHaveText(email);
  await expect(header.getByTestId("credit-balance")).toContainText("100");
  await expect(header.getByLabel("Organization")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await screenshot(page, "04-projects");

  await header.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Faccount$/);
});

test("a signed-out visit to a protected page signs in and comes back to it", async ({ page }) => {
  await page.goto("/settings/account?page=2");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Faccount%3Fpage%3D2$/);
  await signIn(page, uniqueEmail("callback"), page.url());
  await expect(page).toHaveURL(/\/settings\/account\?page=2$/);

  // A session that ends between two client-side navigations: the next page is the one to come back to.
  await page.context().clearCookies();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Fapi-keys$/);
  await page.goto("/projects?q=shop");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fprojects%3Fq%3Dshop$/);
});

test("sign-in never sends the user off the site, whatever the callbackUrl", async ({ page }) => {
  for (const callbackUrl of ["https://evil.example/", "//evil.example/", "/\\evil.example/"]) {
    await signIn(page, uniqueEmail("open-redirect"), `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/projects$/);
    await page.context().clearCookies();
  }
});

test("sign-in page shows next-auth errors and fits a 375px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/sign-in?error=Verification");
  await expect(page.getByRole("alert").filter({ hasText: "invalid or has expired" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "05-sign-in-error-mobile");
});
