import type { Metadata } from "next";
import { UnsubscribeButton } from "@/components/notifications/unsubscribe-button";
import { userOfToken } from "@/lib/notifications/marketing-mail";

export const metadata: Metadata = { title: "Unsubscribe" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// From the link in a marketing mail: a button (a GET never changes anything, so link scanners cannot unsubscribe anyone).
export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const valid = token ? userOfToken(token) !== null : false;
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <main id="main" className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold">Unsubscribe from product news</h1>
        {valid ? (
          <>
            <p className="mt-2 text-sm text-slate-600">You will still get the service mail you chose in your notification settings (sign-in links, alerts).</p>
            <UnsubscribeButton token={token!} />
          </>
        ) : (
          <p className="mt-2 text-sm text-red-800" role="alert">This unsubscribe link is not valid. Change your email preferences in Settings → Notifications.</p>
        )}
      </main>
    </div>
  );
}
