// The sign-in form's address reaches the mail's To header (nodemailer reads it as an address list) and becomes the
// account's email: anything but one plain address is refused before a link is made or a mail is sent, so that a
// comma, a group (`name:addr;`) or a line break cannot send the link elsewhere or create an account of that text.
import { describe, expect, it } from "vitest";
import { nextAuth } from "../next-auth-handler";
import { db } from "@/lib/db";
import { requestInfoFrom, requestInfoStore } from "@/lib/auth/request-info";
import { uniqueEmail } from "../factories";


let ips = 0;
async function askForLink(email: string): Promise<string> {
  const csrf = await nextAuth(["csrf"], { method: "GET" });
  const cookies = Object.fromEntries((csrf.headers["set-cookie"] as string[]).map((c) => c.split(";")[0].split("=").map(decodeURIComponent)));
  const headers = { "x-forwarded-for": `198.51.100.${++ips}` };
  const body = { email, csrfToken: (csrf.body as { csrfToken: string }).csrfToken, callbackUrl: `${process.env.NEXTAUTH_URL}/projects`, json: "true" };
  const answer = await requestInfoStore.run(requestInfoFrom(new Headers(headers)), () => nextAuth(["signin", "email"], { method: "POST", body, cookies, headers }));
  return (answer.body as { url: string }).url;
}

describe("the sign-in form's address", () => {
  it.each([
    ["a group that names another mailbox", (d: string) => `grp:victim@${d};`],
    ["a comma (two recipients)", (d: string) => `someone,victim@${d}`],
    ["a line break and a Bcc", (d: string) => `a\r\nbcc:victim@${d}`],
    ["a space", (d: string) => `victim @${d}`],
    ["angle brackets", (d: string) => `<victim@${d}>`],
  ])("refuses %s: no link, no mail, no account", async (_n, make) => {
    const domain = `${crypto.randomUUID().slice(0, 8)}.example.com`;
    const email = make(domain);
    const url = await askForLink(email);
    expect(url).not.toContain("/verify-request");
    expect(url).toContain("error=EmailSignin");
    expect(await db.verificationToken.count({ where: { identifier: { contains: domain } } })).toBe(0);
    expect(await db.devMail.count({ where: { to: { contains: domain } } })).toBe(0);
    expect(await db.user.count({ where: { email: { contains: domain } } })).toBe(0);
  });

  it("still sends the link to a plain address, in lower case", async () => {
    const email = uniqueEmail("plain");
    expect(await askForLink(`  ${email.toUpperCase()} `)).toContain("/verify-request");
    expect(await db.verificationToken.count({ where: { identifier: email } })).toBe(1);
  });
});
