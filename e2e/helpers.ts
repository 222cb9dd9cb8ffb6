import type { Page } from "@playwright/test";

// Journeys run in parallel workers against one server and one database: every test makes its own people,
// organizations and domains (uniqueDomain in ./fakes), never a fixed one another test could also touch.
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A display name (organization, …) of this test only: `Client X 4k2q9z`. */
export const uniqueName = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

/** The whole page by default; `{ fullPage: false }` for what the window shows (a modal dialog over its backdrop). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
}
