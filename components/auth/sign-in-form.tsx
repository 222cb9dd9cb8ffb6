"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { postAuthAction } from "./next-auth-client";
import { signInErrorMessage } from "./sign-in-errors";

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  // Set when the address belongs to an organization with SSO that still allows email links: the choice.
  const [ssoChoice, setSsoChoice] = useState<string | null>(null);

  // The organization's login URL, with the address as the provider's login hint and where to come back to.
  const ssoUrl = (redirect: string) => `${redirect}${redirect.includes("?") ? "&" : "?"}${new URLSearchParams({ email: email.trim(), returnTo: callbackUrl })}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      if (!ssoChoice) {
        const method = await identify(email.trim());
        if (method?.method === "sso" && method.ssoRedirectUrl) {
          if (!method.allowMagicLink) return window.location.assign(ssoUrl(method.ssoRedirectUrl));
          setSsoChoice(method.ssoRedirectUrl);
          setPending(false);
          return;
        }
      }
      const url = await postAuthAction("signin/email", { email: email.trim(), callbackUrl });
      const code = url.searchParams.get("error");
      if (code || url.pathname === "/sign-in") throw new Error(code ?? "Default");
      router.push(`/check-email?email=${encodeURIComponent(email.trim())}`);
    } catch (e) {
      setError(signInErrorMessage(e instanceof Error ? e.message : "Default"));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {error && (
        <p id="sign-in-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="space-y-1">
        <label htmlFor="email" className="block text-sm font-medium text-slate-800">
          Email address
        </label>
        <input
          id="email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setSsoChoice(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sign-in-error" : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600"
          placeholder="you@example.com"
        />
      </div>
      {ssoChoice ? (
        <div className="space-y-2" data-testid="sso-choice">
          <p className="text-sm text-slate-700">Your organization signs you in with its identity provider.</p>
          <a href={ssoUrl(ssoChoice)} className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Continue with single sign-on
          </a>
          <Button type="submit" variant="secondary" disabled={pending} className="w-full">
            {pending ? "Sending link…" : "Email me a sign-in link instead"}
          </Button>
        </div>
      ) : (
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Sending link…" : "Send sign-in link"}
        </Button>
      )}
    </form>
  );
}

type IdentifyAnswer = { method: "sso" | "password"; ssoRedirectUrl?: string; allowMagicLink: boolean };

/** Which sign-in the address gets (POST /api/auth/identify); null when it cannot be asked (then the email link). */
async function identify(email: string): Promise<IdentifyAnswer | null> {
  const res = await fetch("/api/auth/identify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) }).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json().catch(() => null)) as { data?: IdentifyAnswer } | null;
  return body?.data ?? null;
}
