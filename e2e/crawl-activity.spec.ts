import { expect, test, type Page } from "@playwright/test";
import { siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject } from "./project-fixtures";

const shot = (page: Page, name: string) => screenshot(page, `crawl-activity-${name}`);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");
const GOOGLEBOT = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * An nginx combined log over the last 10 days: Googlebot from its published range, a spoofed Googlebot, GPTBot, visitors; and
 * Googlebot's fetch of /products/0 an hour after now (the check again asked just before: its reaction).
 */
function accessLog(): string {
  const lines: string[] = [];
  const line = (ip: string, hoursAgo: number, path: string, status: number, ua: string) => {
    const d = new Date(Date.now() - hoursAgo * 3600_000);
    const ts = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
    lines.push(`${ip} - - [${ts}] "GET ${path} HTTP/1.1" ${status} 5120 "-" "${ua}"`);
  };
  for (let h = 240; h > 1; h -= 3) {
    line("66.249.64.5", h, `/products/${h % 4}`, 200, GOOGLEBOT);
    if (h % 9 === 0) line("203.0.113.77", h, "/products/0", 200, GOOGLEBOT);
    if (h % 12 === 0) line("132.196.86.7", h, "/blog/hello", 200, GPTBOT);
    line("198.51.100.20", h, "/products/1", 200, BROWSER);
  }
  line("66.249.64.5", 5, "/old-category?page=2", 404, GOOGLEBOT);
  line("66.249.64.5", -1, "/products/0", 200, GOOGLEBOT);
  lines.push("garbage that is not a log line");
  return `${lines.join("\n")}\n`;
}

test("upload a server log and read the crawl activity page", async ({ page }) => {
  await signIn(page, uniqueEmail("crawl"));
  const domain = uniqueDomain("crawl");
  const project = await createProject(page, domain);
  await admitUrls(page, project, ["/products/0", "/products/1", "/products/2", "/products/3", "/blog/hello"]);
  await siteRoute(domain, "/robots.txt", { body: "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n", headers: { "content-type": "text/plain" } });
  await siteRoute(domain, "/products/0", { body: "<html><head><title>Product 0</title></head><body>Tent</body></html>", headers: { "content-type": "text/html" } });

  // "Check again" one URL now (inspect now): Googlebot's next fetch of it is the engine's reaction.
  const productUrl = `https://${domain}/products/0`;
  const openDetail = async () => {
    await page.goto(`/projects/${project.id}/urls`);
    await page.getByRole("link", { name: productUrl, exact: true }).click();
    return page.getByRole("dialog", { name: "URL details" });
  };
  let detail = await openDetail();
  await detail.getByRole("button", { name: "Inspect now (1 credit)" }).click();
  await expect(detail.getByTestId("inspect-result")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(`/projects/${project.id}/crawl`);
  await expect(page.getByRole("link", { name: "Crawl activity" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "No crawler activity yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "empty");

  await page.waitForLoadState("networkidle");
  await page.getByLabel("Log file").setInputFiles({ name: "access.log", mimeType: "text/plain", buffer: Buffer.from(accessLog()) });
  await page.getByRole("button", { name: "Upload log" }).click();
  const progress = page.getByTestId("log-import-progress");
  await expect(progress.getByText("Completed")).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole("progressbar", { name: "Processed" })).toHaveAttribute("aria-valuenow", /\d+/);
  await expect(progress).toContainText("spoofed");
  await expect(progress.getByText("Rejected lines (first 1)")).toBeVisible();

  // 80 + 2 fetches from Googlebot's published range; 26 from another address claiming to be Googlebot.
  await expect(page.getByTestId("stat-googlebot")).toContainText("82");
  await expect(page.getByTestId("stat-spoofed")).toContainText("26");
  await expect(page.getByTestId("crawl-hits-chart")).toBeVisible();
  await expect(page.getByTestId("status-mix").getByRole("rowheader", { name: "Googlebot" })).toBeVisible();
  await expect(page.getByTestId("top-crawled")).toContainText(`https://${domain}/products/`);
  await expect(page.getByTestId("untracked-crawled")).toContainText(`https://${domain}/old-category?page=2`);
  const gpt = page.getByTestId("ai-crawler-matrix").getByRole("row", { name: /^GPTBot/ });
  await expect(gpt).toContainText("Blocked");
  await expect(page.getByTestId("log-imports")).toContainText("access.log");
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, "after-upload");
  // At 375 px with every table shown: a visually hidden header ("Action") inside a table's scroll box stays in it.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The push token is shown once; rotating replaces it.
  await page.getByRole("button", { name: "Create push token" }).click();
  const secret = page.getByTestId("ingest-token-secret");
  await expect(secret.getByLabel("Push token")).toHaveValue(/^iwlog_/);
  await shot(page, "push-token");
  await secret.getByRole("button", { name: "Done, I have saved it" }).click();
  await expect(page.getByTestId("ingest-token-card")).toContainText("not used yet");

  // The untracked URL is admitted in one click and leaves the list.
  await page.getByRole("button", { name: `Track https://${domain}/old-category?page=2` }).click();
  await expect(page.getByTestId("untracked-crawled")).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await shot(page, "mobile");

  // The URL's crawl timeline marks Googlebot's fetch an hour after the check again.
  await page.setViewportSize({ width: 1280, height: 900 });
  detail = await openDetail();
  const timeline = detail.getByTestId("url-crawl-timeline");
  await expect(timeline.getByTestId("crawl-reactions")).toContainText("Googlebot fetched it 1 h after the check again");
  await expectNoSeriousA11yViolations(page);
  await timeline.scrollIntoViewIfNeeded();
  await shot(page, "url-reaction");
});
