import { expect, test } from "@playwright/test";
import { screenshot } from "./helpers";

test("the API reference page loads", async ({ page }) => {
  const res = await page.goto("/docs/api");
  expect(res?.status()).toBe(200);
  await expect(page.getByText("API reference").first()).toBeVisible();
  await screenshot(page, "06-api-docs");
});
