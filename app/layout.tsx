import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { QueryProvider } from "@/lib/queries/provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "IndexWatch", template: "%s · IndexWatch" },
  description: "Track, submit and monitor the indexing of your sites.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: Next.js puts the proxy's per-response CSP nonce on its scripts only when
  // rendering (a page prerendered at build time would carry none, and its scripts would be refused).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow"
        >
          Skip to main content
        </a>
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
