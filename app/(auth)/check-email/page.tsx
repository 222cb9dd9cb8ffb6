import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Card } from "@/components/ui/card";
import { devMailboxEnabled } from "@/lib/mail/dev-mailbox";

export const metadata: Metadata = { title: "Check your email" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CheckEmailPage({ searchParams }: { searchParams: SearchParams }) {
  await connection(); // DEV_MAILBOX is read at run time
  const raw = (await searchParams).email;
  const email = (Array.isArray(raw) ? raw[0] : raw)?.trim() || null;
  const mailbox = email ? `/dev/mailbox?email=${encodeURIComponent(email)}` : "/dev/mailbox";

  return (
    <Card>
      <h1 className="text-2xl font-semibold">Check your email</h1>
      <p className="mt-2 text-sm text-slate-700">
        {email ? (
          <>
            We sent a sign-in link to <strong className="wrap-anywhere">{email}</strong>.
          </>
        ) : (
          "We sent you a sign-in link."
        )}{" "}
        It works once and expires in 24 hours.
      </p>
      {devMailboxEnabled() && (
        <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No mail server is configured.{" "}
          <Link href={mailbox} className="font-medium underline underline-offset-2">
            Open the development mailbox
          </Link>
        </p>
      )}
      <p className="mt-6 text-sm">
        <Link href="/sign-in" className="text-brand-700 underline underline-offset-2">
          Use a different email
        </Link>
      </p>
    </Card>
  );
}
