import nodemailer from "nodemailer";
import { devMailboxEnabled, storeDevMail } from "@/lib/users/dev-mailbox";

const FROM = process.env.EMAIL_FROM ?? "IndexWatch <no-reply@indexwatch.local>";

/** Sends the magic link by SMTP when SMTP_URL is set; otherwise to the server log and the dev mailbox. */
export async function sendSignInEmail({ to, url }: { to: string; url: string }) {
  const subject = "Your IndexWatch sign-in link";
  const text = `Sign in to IndexWatch:\n${url}\n\nThe link works once and expires in 24 hours. If you did not ask for it, ignore this email.`;
  if (process.env.SMTP_URL) {
    await nodemailer.createTransport(process.env.SMTP_URL).sendMail({ to, from: FROM, subject, text });
    return;
  }
  console.log(`[auth] sign-in link for ${to}: ${url}`);
  if (devMailboxEnabled()) await storeDevMail({ to, subject, text, url });
}
