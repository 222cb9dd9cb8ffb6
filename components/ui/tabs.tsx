"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export type TabLink = { href: string; label: string; /** Current only on this exact path (an overview tab at the root). */ exact?: boolean };

/** Tab-like navigation links; the current one carries aria-current="page". Scrolls sideways on narrow screens. */
export function TabNav({ label, tabs }: { label: string; tabs: TabLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => {
          const current = tab.exact ? pathname === tab.href : pathname === tab.href || pathname.startsWith(`${tab.href}/`);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={current ? "page" : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                  current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
