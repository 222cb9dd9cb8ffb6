import { expect, test } from "@playwright/test";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoSeriousA11yViolations, signIn } from "./journey";

test("an unknown project and an unknown address say so, with a way back to the projects", async ({ page }) => {
  await signIn(page, uniqueEmail("not-found"));

  // Inside the dashboard: the shell stays, the project part says it is not there.
  for (const path of ["/projects/00000000-0000-4000-8000-000000000000", "/projects/not-a-project-id/urls"]) {
    await page.goto(path);
    await expect(page.getByRole("banner").getByTestId("user-email")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "not-found-project");
  await page.getByRole("main").getByRole("link", { name: "Back to projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);

  // Outside any route: a 404 with the same message and link.
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to projects" })).toHaveAttribute("href", "/projects");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "not-found-root");
});
