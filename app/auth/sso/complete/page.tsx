import type { Metadata } from "next";
import { SsoComplete } from "@/components/auth/sso-complete";

export const metadata: Metadata = { title: "Signing you in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// The browser lands here from /auth/sso/callback with a single-use handle, which it exchanges for a session
// (POST /api/auth/sso/complete sets the cookie), then goes on.
export default async function SsoCompletePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <main id="main" className="w-full max-w-md">
        <SsoComplete handle={first(params.handle) ?? ""} returnTo={first(params.returnTo) ?? null} />
      </main>
    </div>
  );
}
