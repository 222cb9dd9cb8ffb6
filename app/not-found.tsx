import type { Metadata } from "next";
import Link from "next/link";
import { NotFoundCard } from "@/components/app/not-found-card";

export const metadata: Metadata = { title: "Page not found" };

/** Addresses that match no route: outside the dashboard shell, so the page brings its own landmarks. */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-10 sm:py-16">
      <Link href="/" className="mb-8 text-xl font-semibold text-brand-700">
        IndexWatch
      </Link>
      <main id="main" tabIndex={-1} className="w-full max-w-xl focus:outline-none">
        <NotFoundCard />
      </main>
    </div>
  );
}
