import { expect, test } from "@playwright/test";
import { siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, projectApi } from "./project-fixtures";

const HTML = { "content-type": "text/html; charset=utf-8" };

test("rendering: Render now with its price, raw vs rendered with a JavaScript noindex and a client-rendered page, the project's Rendering page", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1600 });
  await signIn(page, uniqueEmail("render"));
  const domain = uniqueDomain("rnd");
  const base = `https://${domain}`;
  const project = await createProject(page, domain);
  await siteRoute(domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=no\n", headers: { "content-type": "text/plain" } });
  await siteRoute(domain, "/app", {
    headers: HTML,
    body: `<!doctype html><html><head><title>Loading</title><link rel="canonical" href="${base}/app"></head><body><div id="root"></div><script>
      const m = document.createElement("meta"); m.name = "robots"; m.content = "noindex"; document.head.appendChild(m);
      fetch("/api/item").then((r) => r.json()).then((d) => { document.title = d.name; document.getElementById("root").innerHTML = "<h1>" + d.name + "</h1><p>" + d.text + "</p>"; });
    </script></body></html>`,
  });
  await siteRoute(domain, "/api/item", { headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Blue shoes", text: "Comfortable blue shoes for every day. ".repeat(30) }) });
  await admitUrls(page, project, ["/app"]);
  const listed = await (await page.request.get(projectApi(project, "/urls?limit=10"))).json();
  const urlId = listed.data[0].id as string;

  await page.goto(`/projects/${project.id}/urls?url=${urlId}`);
  const detail = page.getByRole("dialog", { name: "URL details" });
  const panel = detail.getByTestId("raw-vs-rendered");
  await expect(panel.getByText("This page has not been rendered yet.")).toBeVisible();
  const before = await (await page.request.get(`/api/user/organizations/${project.organizationId}`)).json();
  await panel.getByRole("button", { name: /^Render now \(\d+ credits\)$/ }).click();
  const confirm = panel.getByRole("group", { name: "Confirm the render" });
  await expect(confirm).toContainText(/Render this page for \d+ credits/);
  await confirm.getByRole("button", { name: /^Render for \d+ credits$/ }).click();

  await expect(panel.getByTestId("render-summary")).toContainText("Rendered", { timeout: 30_000 });
  const diffs = panel.getByTestId("render-differences");
  await expect(diffs.getByRole("listitem").first()).toContainText("Meta robots (noindex)");
  await expect(diffs).toContainText("Visible text");
  await expect(panel.getByRole("list", { name: "Issues this render shows" })).toContainText("noindex added by JavaScript");
  await expect(panel.getByRole("list", { name: "Issues this render shows" })).toContainText("Content only after JavaScript");
  await expect(panel.getByTestId("text-bars")).toContainText("Raw HTML");
  const shot = panel.getByRole("img", { name: /The top of the rendered page/ });
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  const after = await (await page.request.get(`/api/user/organizations/${project.organizationId}`)).json();
  expect(before.data.creditBalance - after.data.creditBalance).toBe(5);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "rendering-url-raw-vs-rendered");

  await page.goto(`/projects/${project.id}/rendering`);
  const rendering = page.getByTestId("rendering-page");
  await expect(rendering.getByTestId("renderer-state")).toContainText("Available");
  await expect(rendering.getByTestId("ai-view")).toContainText("GPTBot, ClaudeBot and PerplexityBot see less than a fifth of the text on 100 % of sampled pages (1 of 1)");
  await expect(rendering.getByTestId("ai-uses")).toContainText("AI training");
  await expect(rendering.getByTestId("differences-by-kind")).toContainText("Meta robots (noindex)");
  await expect(rendering.getByTestId("differences-by-section")).toContainText("/");
  await expect(rendering.getByTestId("recent-renders")).toContainText(`${base}/app`);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "rendering-project-page");
});
