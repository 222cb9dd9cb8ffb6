import { expect, test } from "@playwright/test";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoSeriousA11yViolations, signIn } from "./journey";
import { addNotifications } from "./project-fixtures";

test("notifications: the unread count in the header, the list with its filter, mark read, and the preference matrix", async ({ page }) => {
  const email = uniqueEmail("notif");
  await signIn(page, email);
  await page.goto("/notifications");
  await expect(page.getByTestId("notifications-empty")).toBeVisible();
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications");

  await addNotifications(email, ["acme.example: new issue, Broken pages (4xx)", "acme.example: new issue, Marked noindex", "acme.example: reopened, Redirect chains"]);
  await page.reload();
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 3 unread");
  const items = page.getByTestId("notification");
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText("acme.example: reopened, Redirect chains");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "notifications-list");

  await items.first().getByRole("button", { name: 'Mark "acme.example: reopened, Redirect chains" as read' }).click();
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 2 unread");
  await page.getByLabel("Unread only").check();
  await expect(items).toHaveCount(2);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByTestId("notifications-empty")).toContainText("Nothing unread.");
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications");

  // Preferences: only the types the product sends, only the configurable channels have a checkbox; a change is kept.
  await page.goto("/settings/notifications");
  // No VAPID keys on the e2e server: the card says so instead of offering a button that cannot work.
  await expect(page.getByTestId("push-card")).toContainText("not available on this server");
  const matrix = page.getByTestId("preference-matrix");
  await expect(matrix.locator("tbody tr")).toHaveCount(8);
  await expect(matrix).not.toContainText(/subscription|payment|seats|password|two-factor|passkey/i);
  // Browser push cannot work here: its boxes are off, cannot be ticked, and the page says why.
  const push = matrix.getByRole("checkbox", { name: "Issue opened: Browser push" });
  await expect(push).not.toBeChecked();
  await expect(push).toBeDisabled();
  await expect(page.getByTestId("push-unavailable-note")).toContainText("no browser notification can be sent");
  // Issue mails are not a "—": the cell and the note below say how they come and where they are set.
  await expect(matrix.getByRole("checkbox", { name: "Issue opened: Email" })).toHaveCount(0);
  await expect(matrix.getByTestId("issue-email-cell")).toContainText("Hourly digest");
  await expect(page.getByTestId("issue-email-note")).toContainText("at most one email an hour per project");
  await expect(matrix.getByRole("row", { name: /^Invitation Someone invites you/ })).toContainText("Always sent");
  const inApp = matrix.getByRole("checkbox", { name: "Issue opened: In-app" });
  await expect(inApp).toBeChecked();
  await inApp.uncheck();
  await expect(inApp).not.toBeChecked();
  await page.reload();
  await expect(page.getByTestId("preference-matrix").getByRole("checkbox", { name: "Issue opened: In-app" })).not.toBeChecked();
  await page.getByLabel(/No marketing email/).check();
  await page.reload();
  await expect(page.getByLabel(/No marketing email/)).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "notifications-preferences");
});
