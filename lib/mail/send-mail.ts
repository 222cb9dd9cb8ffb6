import nodemailer, { type Transporter } from "nodemailer";
import { devMailboxEnabled, storeDevMail } from "./dev-mailbox";

export type MailAttachment = { filename: string; content: Buffer | Uint8Array; contentType: string };
export type Mail = {
  /** One address, or several that see each other (one message to all of them). */
  to: string | string[]; subject: string; text: string; html?: string; headers?: Record<string, string>;
  /** A link the dev mailbox shows as a button. */ url?: string;
  /** Files sent with the mail (the dev mailbox lists their names only). */ attachments?: MailAttachment[];
};

const from = () => process.env.EMAIL_FROM ?? "IndexWatch <no-reply@indexwatch.local>";
const g = globalThis as unknown as { __mailTransport?: { url: string; transport: Transporter } };

/** The SMTP transport for SMTP_URL, created once per URL (a pooled connection, not one per mail). */
function transport(url: string): Transporter {
  if (g.__mailTransport?.url !== url) g.__mailTransport = { url, transport: nodemailer.createTransport(url) };
  return g.__mailTransport.transport;
}

const oneLine = (s: string) => s.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");

/** Sends one mail by SMTP when SMTP_URL is set; otherwise to the server log and the development mailbox. */
export async function sendMail(input: Mail): Promise<void> {
  // A subject carries customer text (a project's name): one line, whatever the transport (and the log line) does.
  const mail = { ...input, subject: oneLine(input.subject) };
  const url = process.env.SMTP_URL;
  if (url) {
    await transport(url).sendMail({
      from: from(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers,
      attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
    });
    return;
  }
  const to = Array.isArray(mail.to) ? mail.to : [mail.to];
  const files = mail.attachments?.length ? `\n\nAttached: ${mail.attachments.map((a) => a.filename).join(", ")}` : "";
  console.log(`[mail] to ${to.join(", ")}: ${mail.subject}`);
  if (devMailboxEnabled()) for (const t of to) await storeDevMail({ to: t, subject: mail.subject, text: mail.text + files, url: mail.url });
}
