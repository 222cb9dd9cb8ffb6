import { expect, test, type Browser, type Page } from "@playwright/test";
import { oidcNext, setTxt, uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail, uniqueName } from "./helpers";
import { expectNoSeriousA11yViolations, signIn } from "./journey";

/** Through the + next to the organization menu; lands on Settings → Organization of the new one. */
async function createOrganization(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: "New organization" });
  // A click before the header has hydrated goes unnoticed (seen in CI right after signing in): click until it opens.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("button", { name: "New organization" }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page).toHaveURL(/\/settings\/organization/);
}

async function freshPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test("teams: create an organization, invite a second person who signs up through the link, and their role's limits show", async ({ page, browser }) => {
  await signIn(page, uniqueEmail("team-owner"));
  const org = uniqueName("Client X");
  await createOrganization(page, org);
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(org);

  const bob = uniqueEmail("team-bob");
  await page.getByLabel("Email address").fill(bob);
  await page.getByLabel("Role", { exact: true }).selectOption("member");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${bob}` })).toBeVisible();
  await expect(page.getByTestId("invites-table")).toContainText("Pending");
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "organization-owner");

  // Bob opens the mail's link, signs up through the email link, and comes back to accept.
  const bobPage = await freshPage(browser);
  await bobPage.goto(`/dev/mailbox?email=${encodeURIComponent(bob)}`);
  await bobPage.getByRole("link", { name: `Open the invitation for ${bob}` }).click();
  await expect(bobPage.getByRole("heading", { name: `Join ${org}` })).toBeVisible();
  await expectNoSeriousA11yViolations(bobPage);
  await bobPage.getByRole("link", { name: "Sign in to accept" }).click();
  await bobPage.getByLabel("Email address").fill(bob);
  await bobPage.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(bobPage).toHaveURL(/\/check-email/);
  await bobPage.goto(`/dev/mailbox?email=${encodeURIComponent(bob)}`);
  await bobPage.getByRole("link", { name: `Sign in as ${bob}` }).click();
  await expect(bobPage.getByRole("heading", { name: `Join ${org}` })).toBeVisible();
  await bobPage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(bobPage).toHaveURL(/\/projects/);

  // As a member, Bob sees what he may not do.
  await bobPage.goto("/settings/organization");
  await expect(bobPage.getByText("Your role:")).toContainText("member");
  await expect(bobPage.getByText("Only owners and admins can change roles")).toBeVisible();
  await expect(bobPage.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(bobPage.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await bobPage.goto("/settings/webhooks");
  await expect(bobPage.getByText("Only owners and admins can add or change endpoints.")).toBeVisible();
  await bobPage.goto("/settings/sso");
  await expect(bobPage.getByText("Only owners can change it.")).toBeVisible();
  await screenshot(bobPage, "organization-member");

  // The owner sees Bob as a member, and makes him admin.
  await page.reload();
  await expect(page.getByTestId("members-table")).toContainText(bob);
  await page.getByLabel(`Role of ${bob}`).selectOption("admin");
  await expect(page.getByRole("status").filter({ hasText: `${bob} is now admin.` })).toBeVisible();
  await expect(page.getByTestId("invites-table")).toContainText("Accepted");

  // The owner deletes Client X: Bob loses it at once; the owner restores it from the same page, and Bob has it back.
  await page.getByRole("button", { name: "Delete organization" }).click();
  await page.getByRole("dialog", { name: `Delete ${org}?` }).getByRole("button", { name: "Delete organization" }).click();
  const deleted = page.getByTestId("deleted-orgs-table");
  await expect(deleted).toContainText(org);
  await expect(page.getByRole("textbox", { name: "Name" })).not.toHaveValue(org);
  await bobPage.goto("/settings/organization");
  await expect(bobPage.getByText("Your role:")).toContainText("owner"); // back on his personal organization
  await expect(bobPage.getByText(org)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "organization-deleted");
  await page.getByRole("button", { name: `Restore ${org}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${org} is back` })).toBeVisible();
  await expect(page.getByTestId("deleted-orgs-table")).toHaveCount(0);
  await bobPage.reload();
  await expect(bobPage.getByRole("option", { name: org })).toHaveCount(1); // in his organization menu again
  await expect(bobPage.getByText("Your role:")).toContainText("admin"); // and selected, as before, with the role he had
});

test("SSO: an owner sets up the provider and proves a domain; a person at that domain signs in through it", async ({ page, browser }) => {
  await signIn(page, uniqueEmail("sso-owner"));
  const org = uniqueName("Corp SSO");
  await createOrganization(page, org);
  await page.goto("/settings/sso");

  const person = `ann@${uniqueDomain("corp")}`;
  const domain = person.split("@")[1];
  const idp = await oidcNext(person);
  const form = page.getByTestId("sso-form");
  await form.getByLabel("Issuer URL").fill(idp.issuer);
  await form.getByLabel("Client ID").fill(idp.clientId);
  await form.getByLabel("Client secret").fill(idp.clientSecret);
  await form.getByRole("button", { name: "Turn on single sign-on" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Single sign-on saved." })).toBeVisible();

  await page.getByLabel("Claim a domain").fill(domain);
  await page.getByRole("button", { name: "Claim", exact: true }).click();
  const record = page.getByRole("listitem").filter({ hasText: domain });
  await expect(record).toContainText("Waiting for DNS");
  const value = (await record.locator("dd").nth(1).innerText()).trim().split(/\s/)[0];
  await setTxt(`_indexwatch-sso.${domain}`, [value]);
  await record.getByRole("button", { name: "Verify now" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${domain} is verified.` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "sso-settings");

  // Ann, at the verified domain, is offered SSO on the sign-in page and goes through the provider.
  const ann = await freshPage(browser);
  await ann.goto("/sign-in");
  await ann.getByLabel("Email address").fill(person);
  await ann.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(ann.getByTestId("sso-choice")).toBeVisible();
  await expectNoSeriousA11yViolations(ann);
  await ann.getByRole("link", { name: "Continue with single sign-on" }).click();
  await expect(ann).toHaveURL(/\/projects/);
  const orgs = await (await ann.request.get("/api/user/organizations")).json();
  expect(orgs.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: org, role: "member" })]));
});
