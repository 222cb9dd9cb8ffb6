import { db } from "@/lib/db";

/** The development mailbox is on whenever there is no SMTP server, and never in production. */
export function devMailboxEnabled(): boolean {
  if (process.env.SMTP_URL) return false;
  return process.env.NODE_ENV !== "production" || process.env.DEV_MAILBOX === "1";
}

export async function storeDevMail(mail: { to: string; subject: string; text: string; url?: string }) {
  await db.devMail.create({ data: { to: mail.to.toLowerCase(), subject: mail.subject, text: mail.text, url: mail.url ?? null } });
}

export async function listDevMails(email?: string) {
  if (!devMailboxEnabled()) return [];
  const rows = await db.devMail.findMany({
    where: email ? { to: email.trim().toLowerCase() } : {},
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, url: r.url, createdAt: r.createdAt.toISOString() }));
}
