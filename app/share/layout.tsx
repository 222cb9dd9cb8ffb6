import type { Metadata } from "next";
import type { ReactNode } from "react";

// Share links (read-only client views): never indexed, never followed, and the token in the address never leaves
// in a Referer. proxy.ts sends the same as headers (X-Robots-Tag, Referrer-Policy) on every /share answer.
export const metadata: Metadata = {
  title: { default: "Shared report", template: "%s · Shared report" },
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false, noimageindex: true } },
  referrer: "no-referrer",
};

export default function ShareLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col bg-slate-50">{children}</div>;
}
