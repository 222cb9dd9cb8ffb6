import crypto from "node:crypto";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { sendMail } from "@/lib/mail/send-mail";
import { appBaseUrl } from "@/lib/core/app-base-url";
import { layout } from "./email-templates";

// Marketing mail honours User.marketingOptOut: nothing goes to someone who opted out, and every mail
// carries an unsubscribe link and RFC 8058 one-click headers. The link's token is an HMAC of the user id
// under NEXTAUTH_SECRET: it needs no sign-in and no storage, and cannot be made for another user.

const secret = () => process.env.NEXTAUTH_SECRET ?? "";
export const unsubscribeToken = (userId: string) => `${userId}.${crypto.createHmac("sha256", secret()).update(`unsubscribe:${userId}`).digest("base64url")}`;

/** The user a token names, or null for anything forged or malformed. */
export function userOfToken(token: string): string | null {
  const [userId, mac] = token.split(".");
  if (!userId || !mac || !/^[0-9a-f-]{36}$/.test(userId) || !secret()) return null;
  const expected = Buffer.from(unsubscribeToken(userId).split(".")[1]);
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}

export const unsubscribeUrl = (userId: string) => `${appBaseUrl()}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;

/** Opts the token's user out of marketing mail (404 for a token that names nobody). Idempotent. */
export async function unsubscribe(token: string) {
  const userId = userOfToken(token);
  if (!userId) throw new DomainError("NOT_FOUND", "This unsubscribe link is not valid");
  const { count } = await db.user.updateMany({ where: { id: userId }, data: { marketingOptOut: true } });
  if (!count) throw new DomainError("NOT_FOUND", "This unsubscribe link is not valid");
  return { marketingOptOut: true as const };
}

/** Sends a marketing mail unless the user opted out; answers whether it went. */
export async function sendMarketingMail(userId: string, mail: { subject: string; heading: string; paragraphs: string[]; action?: { label: string; url: string } }): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, marketingOptOut: true, isActive: true } });
  if (!user || user.marketingOptOut || !user.isActive) return false;
  const url = unsubscribeUrl(userId);
  const body = layout({ ...mail, footer: "You get product news from IndexWatch because you have an account.", footerLink: { label: "Unsubscribe", url } });
  await sendMail({
    to: user.email, subject: mail.subject, ...body,
    headers: { "List-Unsubscribe": `<${appBaseUrl()}/api/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  return true;
}
