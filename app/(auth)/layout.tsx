import type { ReactNode } from "react";
import Link from "next/link";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-10 sm:py-16">
      <Link href="/" className="mb-8 text-xl font-semibold text-brand-700">
        IndexWatch
      </Link>
      <main id="main" tabIndex={-1} className="w-full max-w-md focus:outline-none">
        {children}
      </main>
    </div>
  );
}
