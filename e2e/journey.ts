// Shared steps of the dashboard journeys: sign-in through the development mailbox, the axe check, overflow.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** No serious or critical WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** Signs in through the development mailbox from `from` (a sign-in page); lands where it sends back to (/projects by default). */
export async function signIn(page: Page, email: string, from = "/sign-in") {
  await page.goto(from);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page).toHaveURL(/\/check-email/);
  await page.goto(`/dev/mailbox?email=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `Sign in as ${email}` }).click();
  await expect(page).not.toHaveURL(/\/(sign-in|check-email|dev\/mailbox)/);
}

/** The page does not scroll sideways (checked at 375 px). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
