"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { safeCallbackPath } from "./callback-url";

/** Posts the handle once, then replaces the page with where the person was going. */
export function SsoComplete({ handle, returnTo }: { handle: string; returnTo: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    (async () => {
      const res = await fetch("/api/auth/sso/complete", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ handle }) }).catch(() => null);
      if (res?.ok) return window.location.replace(safeCallbackPath(returnTo ?? "/"));
      const body = (await res?.json().catch(() => null)) as { message?: string } | null;
      setError(body?.message ?? "Single sign-on could not complete.");
    })();
  }, [handle, returnTo]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
      {error ? (
        <>
          <h1 className="text-lg font-semibold">Sign-in did not complete</h1>
          <p role="alert" className="mt-2 text-sm text-red-800">{error}</p>
          <Link href="/sign-in" className="mt-4 inline-block text-sm text-brand-700 underline underline-offset-2">Back to sign-in</Link>
        </>
      ) : (
        <p role="status" className="text-sm text-slate-700">Signing you in…</p>
      )}
    </div>
  );
}
