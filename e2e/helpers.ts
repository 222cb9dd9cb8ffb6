import type { Locator, Page } from "@playwright/test";

// Journeys run in parallel workers against one server and one database: every test makes its own people,
// organizations and domains (uniqueDomain in ./fakes), never a fixed one another test could also touch.
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A display name (organization, …) of this test only: `Client X 4k2q9z`. */
export const uniqueName = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

/**
 * The journeys' screenshots are for people (e2e/screenshots/, not committed) and assert nothing. A full-page one costs
 * about as much CPU as an axe check, so a CI run, which throws them away, takes none: E2E_SCREENSHOTS=1 (or 0) decides
 * either way; without it they are taken outside CI.
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === "1" : !process.env.CI;

/**
 * `{dir}/{name}.png` of the whole page by default; `{ fullPage: false }` for what the window shows (a modal dialog over
 * its backdrop); `of` for one element.
 */
export async function screenshot(page: Page, name: string, { fullPage = true, dir = "e2e/screenshots", of }: { fullPage?: boolean; dir?: string; of?: Locator } = {}) {
  if (!TAKE_SCREENSHOTS) return;
  const path = `${dir}/${name}.png`;
  await (of ? of.screenshot({ path }) : page.screenshot({ path, fullPage }));
}
