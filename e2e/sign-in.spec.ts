import { expect, test } from "@playwright/test";
import { screenshot, uniqueEmail } from "./helpers";

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
  await expect(page).toHaveURL(/\/account$/);
  const header = page.getByRole("banner");
  await expect(header.getByTestId("user-email")).toHaveText(email);
  await expect(header.getByTestId("credit-balance")).toContainText("100");
  await expect(header.getByLabel("Organization")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  await screenshot(page, "04-account");

  await header.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("sign-in page shows next-auth errors and fits a 375px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/sign-in?error=Verification");
  await expect(page.getByRole("alert").filter({ hasText: "invalid or has expired" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "05-sign-in-error-mobile");
});
