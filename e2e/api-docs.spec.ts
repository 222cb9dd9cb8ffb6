import { expect, test } from "@playwright/test";
import { screenshot } from "./helpers";

test("the API reference page loads", async ({ page }) => {
  const res = await page.goto("/docs/api");
  expect(res?.status()).toBe(200);
  await expect(page.getByText("API reference").first()).toBeVisible();
  await screenshot(page, "06-api-docs");
  // A way back into the app: the header's links lead to the projects and the API keys.
  const nav = page.getByRole("navigation", { name: "IndexWatch" });
  await expect(nav.getByRole("link", { name: "← Back to your projects" })).toHaveAttribute("href", "/projects");
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveAttribute("href", "/settings/api-keys");
});
