// Shared steps of the dashboard journeys: sign-in through the development mailbox, the axe check, overflow.
import { expect, type Page } from "@playwright/test";
import axe, { type AxeResults } from "axe-core";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * No serious or critical WCAG 2.1 A/AA violations on the page as it is now. The rows of a table are one
 * component's output: the first five are checked and the rest left out (axe's time grows with the page, its
 * findings do not; it was a third of the suite's time).
 *
 * axe-core is loaded into the page once per document and run there (`axe.run`), the way @axe-core/playwright's
 * legacy mode does without loading it again for every check: its default mode, made for cross-origin frames (the
 * app has none), loaded axe three times per check (in the page, again for each frame, and in a blank page it opened to
 * merge the frames' results), which took most of a check's time. Only violations are gathered in full
 * (`resultTypes`): every rule still runs on every node, but the nodes that passed, which the check never reads, are
 * not listed.
 *
 * A finding must hold on a second look, 750 ms later: the page's server data is refreshed after an action
 * (router.refresh()), and a check that lands inside that re-render can catch the document between two heads (no
 * <title>: seen once in CI, on the setup page right after a sync) or a button mid-way through its colour transition.
 * Neither is what a person meets; a real violation is there both times and fails as before.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const first = await seriousViolations(page);
  if (first.length === 0) return;
  await page.waitForTimeout(750);
  const again = new Set((await seriousViolations(page)).map((v) => JSON.stringify(v)));
  const serious = first.filter((v) => again.has(JSON.stringify(v)));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** The serious and critical WCAG 2.1 A/AA violations axe finds on the page now (see expectNoSeriousA11yViolations). */
async function seriousViolations(page: Page) {
  const loaded = () => typeof (window as unknown as { axe?: typeof axe }).axe?.run === "function";
  if (!(await page.evaluate(loaded))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(
      { exclude: ["tbody > tr:nth-child(n+6)"] },
      { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
    ),
    WCAG_21_AA,
  ) as AxeResults;
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/**
 * Signs in through the development mailbox. From a sign-in page (`from`) it goes through the form as a person
 * does (sign-in.spec.ts); without one it asks for the link as the form would (next-auth's email sign-in, by API)
 * and opens it from the mailbox: the journeys that only need someone signed in skip two pages. Lands on /projects.
 */
export async function signIn(page: Page, email: string, from?: string) {
  if (from) {
    await page.goto(from);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(page).toHaveURL(/\/check-email/);
  } else {
    const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
    const asked = await page.request.post("/api/auth/signin/email", {
      form: { email, callbackUrl: "/projects", csrfToken, json: "true" },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    // next-auth answers where it would send the browser: its "check your email" page, or back with ?error=.
    expect(new URL((await asked.json()).url).pathname).toBe("/api/auth/verify-request");
  }
  await page.goto(`/dev/mailbox?email=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `Sign in as ${email}` }).click();
  await expect(page).not.toHaveURL(/\/(sign-in|check-email|dev\/mailbox)/);
}

/** The page does not scroll sideways (checked at 375 px); on failure the message names what sticks out. */
export async function expectNoHorizontalOverflow(page: Page) {
  // Polled for a moment: right after a resize a responsive chart still has its old width until it measures again.
  await expect(async () => overflowCheck(page)).toPass({ timeout: 3_000 });
}

async function overflowCheck(page: Page) {
  const { overflow, culprits } = await page.evaluate(() => {
    // On failure, the innermost elements that reach past the window and sit in no scroll box of their own.
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
        if (/(auto|scroll|hidden)/.test(getComputedStyle(e).overflowX)) return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !scrolls(e.parentElement));
    const innermost = wide.filter((e) => !wide.some((o) => o !== e && e.contains(o)));
    const describe = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.getAttribute("data-testid") ? `[data-testid=${e.getAttribute("data-testid")}]` : ""}`
      + ` (right ${Math.round(e.getBoundingClientRect().right)} px): ${(e.textContent ?? "").trim().slice(0, 60)}`;
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, culprits: innermost.slice(0, 5).map(describe) };
  });
  expect(overflow, `wider than the window: ${culprits.join(" | ")}`).toBeLessThanOrEqual(0);
}
