import { sendMail } from "@/lib/mail/send-mail";
import { layout } from "@/lib/notifications/email-templates";

/** Sends the magic link by SMTP when SMTP_URL is set; otherwise to the server log and the dev mailbox. */
export async function sendSignInEmail({ to, url }: { to: string; url: string }) {
  const subject = "Your IndexWatch sign-in link";
  const text = `Sign in to IndexWatch:\n${url}\n\nThe link works once and expires in 24 hours. If you did not ask for it, ignore this email.`;
  const { html } = layout({
    heading: "Sign in to IndexWatch", paragraphs: ["The link works once and expires in 24 hours."], action: { label: "Sign in", url },
    footer: "If you did not ask for it, ignore this email: nobody can sign in without the link.",
  });
  if (!process.env.SMTP_URL) console.log(`[auth] sign-in link for ${to}: ${url}`);
  await sendMail({ to, subject, text, html, url });
}
