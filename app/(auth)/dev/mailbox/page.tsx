import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Card } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";
import { devMailboxEnabled, listDevMails } from "@/lib/mail/dev-mailbox";

export const metadata: Metadata = { title: "Development mailbox", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function DevMailboxPage({ searchParams }: { searchParams: SearchParams }) {
  await connection(); // decided per request: DEV_MAILBOX is read at run time, not at build time
  if (!devMailboxEnabled()) notFound();
  const raw = (await searchParams).email;
  const email = (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
  const mails = await listDevMails(email);

  return (
    <div className="space-y-4">
      <Card>
        <h1 className="text-2xl font-semibold">Development mailbox</h1>
        <p className="mt-1 text-sm text-slate-600">Emails the app would have sent. Shown only when no mail server is configured.</p>
        <form method="get" className="mt-4 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="mailbox-email" className="block text-sm font-medium text-slate-800">
              Filter by recipient
            </label>
            <input id="mailbox-email" name="email" type="email" defaultValue={email} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base" />
          </div>
          <button type="submit" className={buttonClasses("secondary")}>
            Filter
          </button>
        </form>
      </Card>
      {mails.length === 0 ? (
        <p className="text-sm text-slate-600">No messages{email ? ` for ${email}` : ""}.</p>
      ) : (
        <ul className="space-y-3" aria-label="Messages">
          {mails.map((m) => (
            <li key={m.id}>
              <Card className="space-y-2">
                <p className="text-sm font-medium">{m.subject}</p>
                <p className="text-xs text-slate-600">
                  To <span className="wrap-anywhere">{m.to}</span> · <time dateTime={m.createdAt}>{m.createdAt.replace("T", " ").slice(0, 19)} UTC</time>
                </p>
                {m.url && (
                  <a href={m.url} className={buttonClasses("primary", "max-w-full wrap-anywhere")}>
                    {m.url.includes("/invites/") ? `Open the invitation for ${m.to}` : m.url.includes("/reports/unsubscribe") ? "Stop these reports" : `Sign in as ${m.to}`}
                  </a>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
