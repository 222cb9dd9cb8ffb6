import type { Metadata } from "next";
import { safeCallbackPath } from "@/components/auth/callback-url";
import { SignInForm } from "@/components/auth/sign-in-form";
import { signInErrorMessage } from "@/components/auth/sign-in-errors";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <Card>
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">We will email you a link that signs you in. No password needed.</p>
      {/* Without a page to come back to, sign-in lands on "/", which picks the portfolio or the projects page. */}
      <SignInForm callbackUrl={params.callbackUrl === undefined ? "/" : safeCallbackPath(first(params.callbackUrl))} initialError={signInErrorMessage(first(params.error))} />
    </Card>
  );
}
