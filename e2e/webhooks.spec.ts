import { expect, test } from "@playwright/test";
import { siteRoute, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoSeriousA11yViolations, signIn } from "./journey";

test("webhooks: add an endpoint, keep its secret, send a test event, read the delivery log; internal addresses are refused", async ({ page }) => {
  await signIn(page, uniqueEmail("hooks"));
  await page.goto("/settings/webhooks");
  await expect(page.getByRole("heading", { name: "No webhook endpoints yet" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A URL the fetcher would never reach is refused at the field, with the reason (here every host on ports 80/443
  // is mapped to the fake site, as an operator's CONNECT_TO allows; the API tests cover internal addresses).
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await dialog.getByLabel("Endpoint URL").fill("http://10.0.0.1:8080/hook");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText(/port 8080 is not allowed/)).toBeVisible();

  const good = uniqueDomain("hooks");
  await siteRoute(good, "/hook", { status: 204 });
  await dialog.getByLabel("Endpoint URL").fill(`https://${good}/hook`);
  await dialog.getByLabel("Description (optional)").fill("Ops alerts");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  const secret = page.getByTestId("created-webhook");
  await expect(secret.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  const oldSecret = await secret.getByLabel("Signing secret").inputValue();
  await screenshot(page, "webhooks-created");
  await secret.getByRole("button", { name: "Done, I have saved it" }).click();

  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test event delivered" })).toContainText("HTTP 204");
  const log = page.getByRole("table", { name: /Deliveries to/ });
  await expect(log.getByRole("row").nth(1)).toContainText("webhook.test");
  await expect(log.getByRole("row").nth(1)).toContainText("Delivered");

  // A receiver that fails: the test send says so, and the log keeps the error.
  const bad = uniqueDomain("hooks-bad");
  await siteRoute(bad, "/hook", { status: 500, body: "receiver down" });
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByRole("dialog").getByLabel("Endpoint URL").fill(`https://${bad}/hook`);
  await page.getByRole("dialog").getByRole("button", { name: "Add endpoint" }).click();
  await page.getByRole("button", { name: "Done, I have saved it" }).click();
  const badItem = page.getByRole("listitem").filter({ hasText: bad });
  await badItem.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByRole("status").filter({ hasText: "failed" })).toContainText("HTTP 500: receiver down");
  await expect(badItem.getByRole("table")).toContainText("Failed");

  // Pause and enable again.
  await badItem.getByRole("button", { name: "Pause" }).click();
  await expect(badItem.getByText("Paused", { exact: true })).toBeVisible();
  await badItem.getByRole("button", { name: "Enable" }).click();
  await expect(badItem.getByText("Active", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "webhooks-log");

  // Rotate the good endpoint's secret with the default overlap: a new secret, once, and the old one's end shown.
  const goodItem = page.getByRole("listitem").filter({ hasText: good });
  await goodItem.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate the signing secret?" });
  await expect(rotate.getByRole("radio", { name: /Keep the previous secret/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByTestId("created-webhook");
  await expect(rotated).toContainText("New signing secret");
  await expect(rotated).toContainText("also carry a signature made with the previous secret");
  await expect(rotated.getByLabel("Signing secret")).toHaveValue(/^whsec_/);
  expect(await rotated.getByLabel("Signing secret").inputValue()).not.toBe(oldSecret);
  await rotated.getByRole("button", { name: "Done, I have saved it" }).click();
  await expect(goodItem.getByText(/Previous secret signs until/)).toBeVisible();
});
