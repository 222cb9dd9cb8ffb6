import { expect, test, type Page } from "@playwright/test";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";
import { siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi, setCreditBalance, verifyIndexNowKey, type E2eProject } from "./project-fixtures";

const HTML = { "content-type": "text/html; charset=utf-8" };
const page_ = (head: string, body = "<p>Hello</p>") => `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;

/** The customer's site: robots.txt, a healthy page, a 404, a two-hop redirect chain, a noindex page, a canonicalized page, a blocked path. */
async function serveSite(domain: string) {
  const base = `https://${domain}`;
  await siteRoute(domain, "/robots.txt", { body: `User-agent: *\nDisallow: /private/\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`, headers: { "content-type": "text/plain" } });
  await siteRoute(domain, "/ok", { body: page_(`<link rel="canonical" href="${base}/ok">`), headers: HTML });
  await siteRoute(domain, "/gone", { status: 404, body: "not here", headers: { "content-type": "text/plain" } });
  await siteRoute(domain, "/old", { status: 301, redirect: `${base}/older` });
  await siteRoute(domain, "/older", { status: 302, redirect: `${base}/new` });
  await siteRoute(domain, "/new", { body: page_(""), headers: HTML });
  await siteRoute(domain, "/hidden", { body: page_(`<meta name="robots" content="noindex, follow">`), headers: HTML });
  await siteRoute(domain, "/dup", { body: page_(`<link rel="canonical" href="${base}/ok">`), headers: HTML });
  await siteRoute(domain, "/private/report", { body: page_(""), headers: HTML });
}

type Listed = { id: string; url: string };
async function trackedUrls(page: Page, p: E2eProject): Promise<Record<string, string>> {
  const res = await page.request.get(projectApi(p, "/urls?limit=100"));
  expect(res.status()).toBe(200);
  return Object.fromEntries(((await res.json()).data as Listed[]).map((u) => [new URL(u.url).pathname, u.id]));
}

async function inspectByApi(page: Page, p: E2eProject, urlId: string) {
  const res = await page.request.post(projectApi(p, `/urls/${urlId}/inspect`));
  expect(res.status(), await res.text()).toBe(200);
}

test("audits: inspect now, badges, the audit and its history, issue guidance, automation, robots.txt tester", async ({ page }) => {
  test.setTimeout(180_000);
  // Tall enough for the URL panel (a scrolling dialog) to show most of itself in the screenshots.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await signIn(page, uniqueEmail("audits"));
  const domain = uniqueDomain("aud");
  const base = `https://${domain}`;
  const project = await createProject(page, domain);
  await serveSite(domain);
  await verifyIndexNowKey(page, project);
  await admitUrls(page, project, ["/ok", "/gone", "/old", "/hidden", "/dup", "/private/report"]);
  const ids = await trackedUrls(page, project);

  // Every URL but the redirect chain through the API; the chain through the UI.
  for (const path of ["/ok", "/gone", "/hidden", "/dup", "/private/report"]) await inspectByApi(page, project, ids[path]);

  const urlsPage = `/projects/${project.id}/urls`;
  await page.goto(urlsPage);
  const rows = page.getByTestId("url-row");
  const row = (path: string) => rows.filter({ has: page.getByRole("link", { name: `${base}${path}`, exact: true }) });
  await expect(rows).toHaveCount(6);
  await expect(row("/ok")).toContainText("Healthy · 200");
  await expect(row("/ok")).toContainText("Indexable");
  await expect(row("/gone")).toContainText("Client error (4xx) · 404");
  await expect(row("/hidden")).toContainText("noindex");
  await expect(row("/dup")).toContainText("Canonicalized elsewhere");
  await expect(row("/private/report")).toContainText("Blocked by robots.txt");
  await expect(row("/old")).toContainText("Not checked");
  await expect(row("/gone")).toContainText("Undetermined");
  await expect(row("/private/report")).toContainText("Not fetched (robots.txt)");
  await expect(row("/old")).toContainText("Never");

  // Inspect now from the panel: the badge, the hops in order, the final URL, the timeline.
  await row("/old").getByRole("link", { name: `${base}/old` }).click();
  const detail = page.getByRole("dialog", { name: "URL details" });
  await expect(detail.getByTestId("url-audit-empty")).toBeVisible();
  await expect(detail.getByText("No audits yet")).toBeVisible();
  const inspect = detail.getByRole("button", { name: "Inspect now (1 credit)" });
  await expect(inspect).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-url-detail-before");
  await inspect.click();
  await expect(detail.getByTestId("inspect-result")).toContainText("Redirected (HTTP 200), Indexable.");
  const hops = detail.getByRole("list", { name: "Redirect hops, in order" }).getByRole("listitem");
  await expect(hops).toHaveCount(3);
  await expect(hops.nth(0)).toContainText(`301${base}/old`);
  await expect(hops.nth(1)).toContainText(`302${base}/older`);
  await expect(hops.nth(2)).toContainText(`200${base}/new (final)`);
  // The status as the audit met it: the chain, not the final 200 alone.
  await expect(detail.getByTestId("audit-http-status")).toHaveText("301 → 302 → 200");
  await expect(detail.getByTestId("url-history").getByTestId("history-entry")).toHaveCount(1);
  await expect(detail.getByTestId("history-entry").first()).toContainText("Audit · Inspect now");
  await expect(detail.getByTestId("history-entry").first()).toContainText("Redirected · 200");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-url-detail-redirect");
  await page.keyboard.press("Escape");
  await expect(row("/old")).toContainText("Redirected · 200");

  // The canonicalized page: its canonical, and that it points elsewhere.
  await row("/dup").getByRole("link", { name: `${base}/dup` }).click();
  await expect(detail.getByTestId("audit-canonical")).toContainText(`${base}/okPoints elsewhere`);
  await expect(detail.getByRole("link", { name: "Canonical points elsewhere" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The blocked page: the robots.txt line that blocked it, and a way to the tester.
  await row("/private/report").getByRole("link", { name: `${base}/private/report` }).click();
  await expect(detail.getByTestId("audit-robots")).toContainText("Blocked for Googlebot and Bingbot");
  await expect(detail.getByTestId("audit-robots")).toContainText("line 2: Disallow: /private/");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-url-detail-robots");
  await page.keyboard.press("Escape");

  // The noindex page is fixed on the site and checked again: the timeline says what changed.
  await siteRoute(domain, "/hidden", { body: page_(""), headers: HTML });
  await row("/hidden").getByRole("link", { name: `${base}/hidden` }).click();
  await expect(detail.getByText("Meta robots", { exact: true })).toBeVisible();
  await expect(detail.getByTestId("url-audit")).toContainText("noindex, follow");
  await detail.getByRole("button", { name: "Inspect now (1 credit)" }).click();
  await expect(detail.getByTestId("inspect-result")).toContainText("Healthy (HTTP 200), Indexable.");
  const entries = detail.getByTestId("history-entry");
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(/Changed: .*Indexability/);
  await expect(entries.first()).toContainText("Meta robots");
  await expect(entries.last()).toContainText("First audit.");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-url-detail-history");
  await page.keyboard.press("Escape");

  // Re-check from the list: two rows selected, queued at top priority.
  await row("/ok").getByRole("checkbox").check();
  await row("/gone").getByRole("checkbox").check();
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected on this page.");
  await page.getByRole("button", { name: "Check again…" }).click();
  const confirmCheck = page.getByRole("dialog", { name: "Check 2 URLs again?" });
  await expect(confirmCheck.getByTestId("check-again-cost")).toContainText("Cost: 1 credit per URL, up to 2 credits, charged as each URL is inspected.");
  await confirmCheck.getByRole("button", { name: "Check again for up to 2 credits" }).click();
  await expect(page.getByTestId("check-again-result")).toContainText("2 URLs queued for inspection.");
  await expect(page.getByTestId("selected-count")).toHaveText("No URLs selected.");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-urls-list");

  // Issue detail: why it matters / how to fix, and "check these URLs again".
  await page.goto(`/projects/${project.id}/issues`);
  await page.getByRole("link", { name: "Canonical points elsewhere" }).click();
  await expect(page).toHaveURL(/\/issues\/[0-9a-f-]{36}$/);
  const guidance = page.getByTestId("issue-guidance");
  await expect(guidance.getByRole("heading", { name: "Why it matters" })).toBeVisible();
  await expect(guidance.getByTestId("issue-how-to-fix")).toHaveText(ISSUE_GUIDANCE.canonical_mismatch.howToFix);
  await expect(page.getByTestId("issue-url-row")).toHaveCount(1);
  await expect(page.getByTestId("issue-url-evidence")).toContainText(`Canonical points to ${base}/ok`);
  await page.getByRole("button", { name: "Check these URLs again" }).click();
  await page.getByRole("dialog", { name: "Check 1 URL again?" }).getByRole("button", { name: "Check again for up to 1 credit" }).click();
  await expect(page.getByTestId("check-again-result")).toContainText("1 URL queued for inspection.");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-issue-guidance");

  // The redirect chain's evidence: every hop of the last audit.
  await page.goto(`/projects/${project.id}/issues`);
  await page.getByRole("link", { name: "Redirect chains" }).click();
  const evidence = page.getByTestId("issue-url-evidence");
  await expect(evidence).toContainText(`2 redirects, ends at ${base}/new (HTTP 200)`);
  await evidence.getByText("All evidence").click();
  const chainHops = evidence.getByRole("list", { name: "Redirects, in order" }).getByRole("listitem");
  await expect(chainHops).toHaveText([`301 ${base}/old`, `302 ${base}/older`, `200 ${base}/new (final)`]);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "issue-evidence-redirect-chain");

  // Overview: turn scheduled inspections on, see the cycle and the queue; then run out of credits.
  await page.goto(`/projects/${project.id}`);
  const card = page.getByTestId("automation-card");
  await expect(card.getByTestId("automation-status")).toHaveText("Off");
  await card.getByLabel("Cadence").selectOption({ label: "Every week" });
  await expect(card.getByText("Credits per weekly cycle")).toBeVisible();
  const toggle = card.getByRole("switch", { name: "Automated inspections" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(card.getByTestId("automation-status")).toHaveText("On");
  await expect(card.getByTestId("automation-next-run")).toContainText(/\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/);
  await expect(card.getByTestId("automation-cost")).toContainText("6");
  // Three URLs were queued above; the 5-minute scheduler may take them meanwhile, so the card is held to the API.
  await expect(async () => {
    const { queued } = (await (await page.request.get(projectApi(project, "/activation-preview"))).json()).data as { queued: number };
    expect(queued).toBeLessThanOrEqual(3);
    await expect(card.getByTestId("automation-queue")).toContainText(`${queued} ${queued === 1 ? "URL" : "URLs"}`, { timeout: 1000 });
  }).toPass();
  const progress = card.getByRole("progressbar");
  await expect(progress).toHaveAttribute("aria-valuemax", "6");
  await expect(progress).toHaveAttribute("aria-valuenow", "6");
  await expect(progress).toHaveAttribute("aria-valuetext", "6 of 6 URLs");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-overview-automation-on");

  await setCreditBalance(project.organizationId, 0);
  await page.reload();
  await expect(card.getByTestId("automation-status")).toHaveText("Paused — out of credits");
  await expect(card.getByTestId("automation-paused")).toContainText("Your organization has no credits left");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-overview-automation-paused");
  await toggle.click();
  await expect(card.getByTestId("automation-status")).toHaveText("Off");
  await toggle.click();
  await expect(card.getByTestId("automation-error")).toContainText("Not enough credits.");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-overview-automation-no-credits");

  // No credits: "Inspect now" is disabled and says why; a 402 answered anyway is shown as such.
  await page.goto(`${urlsPage}?url=${ids["/ok"]}`);
  await expect(detail.getByRole("button", { name: "Inspect now (1 credit)" })).toBeDisabled();
  await expect(detail.getByTestId("inspect-now")).toContainText("Your organization has no credits left");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "audits-url-detail-no-credits");
  await setCreditBalance(project.organizationId, 1);
  await page.reload();
  await expect(detail.getByRole("button", { name: "Inspect now (1 credit)" })).toBeEnabled();
  // Every panel of the dialog has read the balance (1) before it drops to 0: no later read disables the button first.
  await page.waitForLoadState("networkidle");
  await setCreditBalance(project.organizationId, 0);
  await detail.getByRole("button", { name: "Inspect now (1 credit)" }).click();
  await expect(detail.getByTestId("inspect-error")).toContainText("Not enough credits: the URL was not inspected.");
  await expect(detail.getByTestId("inspect-error")).toContainText("your organization has 0");
  await expect(detail.getByRole("button", { name: "Inspect now (1 credit)" })).toBeDisabled();
  await screenshot(page, "audits-url-detail-402");

  // robots.txt tester, from the blocked URL's audit: the live file.
  await page.goto(`${urlsPage}?url=${ids["/private/report"]}`);
  await detail.getByRole("link", { name: "Try a change in the robots.txt tester" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/robots\\?url=`));
  await expect(page.getByRole("link", { name: "robots.txt tester", exact: true })).toHaveAttribute("aria-current", "page");
  const urlsBox = page.getByLabel("URLs or paths, one per line");
  await expect(urlsBox).toHaveValue(`${base}/private/report`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "robots-tester-empty");
  await urlsBox.fill(`/\n/private/report\n${base}/ok`);
  await page.getByRole("button", { name: "Test URLs" }).click();
  await expect(page.getByRole("heading", { name: "Results" })).toBeFocused();
  const results = page.getByTestId("robots-result-row");
  await expect(results).toHaveCount(3);
  await expect(page.getByTestId("robots-summary")).toContainText("3 URLs tested against the live file: 2 allowed, 1 blocked.");
  await expect(page.getByTestId("robots-summary")).toContainText(`${base}/robots.txt answered HTTP 200`);
  await expect(results.nth(0)).toContainText("Allowed");
  await expect(results.nth(1)).toContainText("Blocked");
  await expect(results.nth(1)).toContainText("Line 1: User-agent: *");
  await expect(results.nth(1)).toContainText("Line 2: Disallow: /private/");
  await expect(results.nth(2)).toContainText("Line 3: Allow: /");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "robots-tester-live");

  // A pasted draft, as Googlebot then Bingbot: the deciding lines are highlighted in the draft.
  await page.getByText("Paste a draft").click();
  await page.getByLabel("Draft robots.txt").fill("User-agent: Googlebot\nDisallow: /ok\n\nUser-agent: *\nDisallow: /\n");
  await page.getByRole("button", { name: "Googlebot" }).click();
  await expect(page.getByRole("button", { name: "Googlebot" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Test URLs" }).click();
  await expect(page.getByTestId("robots-summary")).toContainText("3 URLs tested against your draft: 2 allowed, 1 blocked.");
  await expect(results.nth(0)).toContainText("No rule matches: allowed");
  await expect(results.nth(2)).toContainText("Line 2: Disallow: /ok");
  const draftLines = page.getByTestId("robots-draft-lines");
  await expect(draftLines.locator("[data-line='2']")).toHaveAttribute("data-marked", "disallow");
  await expect(draftLines.locator("[data-line='1']")).toHaveAttribute("data-marked", "group");
  await expect(draftLines.locator("[data-line='2']")).toContainText("Disallow rule that decided 1 URL");
  await page.getByRole("button", { name: "Bingbot" }).click();
  await page.getByRole("button", { name: "Test URLs" }).click();
  await expect(page.getByTestId("robots-summary")).toContainText("3 URLs tested against your draft: 0 allowed, 3 blocked.");
  await expect(results.nth(0)).toContainText("Line 4: User-agent: *");
  await expect(draftLines.locator("[data-line='5']")).toContainText("Disallow rule that decided 3 URLs");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "robots-tester-draft");

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "robots-tester-mobile");
  await page.goto(`/projects/${project.id}`);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "audits-overview-mobile");
});

test("robots.txt tester: Googlebot as Google's parser reads the file, and the lines that cannot be tested", async ({ page }) => {
  await signIn(page, uniqueEmail("robots-google"));
  const domain = uniqueDomain("rbg");
  const project = await createProject(page, domain);
  await page.goto(`/projects/${project.id}/robots?url=/`);
  // Text typed before hydration can be merged with the server's value when React takes the field over (seen in CI:
  // "/shop//", the prefilled "/" appended): wait for the page's scripts to settle before typing.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("URLs or paths, one per line").fill(`/\n/private/a\nhttps://other.example/x\n/shop/`);
  await page.getByText("Paste a draft").click();
  await page.getByLabel("Draft robots.txt").fill("User-agent: *\nDisallow /private\nDisallow: /shop/\nAllow: /shop/index.html\n");
  await page.getByRole("button", { name: "Test URLs" }).click();

  // Three lines tested, one not (another host), in the order they were entered.
  await expect(page.getByTestId("robots-summary")).toContainText("3 URLs tested against your draft: 2 allowed, 1 blocked. 1 line was not tested");
  const results = page.getByTestId("robots-result-row");
  await expect(results).toHaveCount(4);
  await expect(results.nth(2)).toContainText("Not tested");
  await expect(results.nth(2)).toContainText(`Line 3: The URL's host is not the project domain ${domain}`);
  // Google reads the colon-less line as a rule, and allows /shop/ for its index.html: each with the standard's verdict beside it.
  await expect(page.getByTestId("robots-google-parser")).toContainText("Google's own robots.txt parser");
  await expect(results.nth(1)).toContainText("Blocked");
  await expect(results.nth(1).getByTestId("robots-google-difference")).toContainText("Google reads line 2 differently from the standard: the colon is missing");
  await expect(results.nth(3)).toContainText("Allowed");
  await expect(results.nth(3).getByTestId("robots-google-difference")).toContainText("The standard reading (RFC 9309) would block it (line 3: Disallow: /shop/).");
  const notes = page.getByTestId("robots-google-notes");
  await expect(notes).toContainText("Line 2: the colon is missing");
  await expect(notes).toContainText("Line 4: Google also allows the directory itself");
  await expect(page.getByTestId("robots-draft-lines").locator("[data-line='2']")).toContainText("Google reads it differently");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "robots-tester-google");

  // Bing is judged by the standard: the colon-less line means nothing to it.
  await page.getByRole("button", { name: "Bingbot" }).click();
  await page.getByRole("button", { name: "Test URLs" }).click();
  await expect(page.getByTestId("robots-summary")).toContainText("3 URLs tested against your draft: 2 allowed, 1 blocked.");
  await expect(results.nth(1)).toContainText("Allowed");
  await expect(page.getByTestId("robots-google-notes")).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
});
