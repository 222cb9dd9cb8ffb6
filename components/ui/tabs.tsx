"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";

export type TabLink = { href: string; label: string; /** Current only on this exact path (an overview tab at the root). */ exact?: boolean };

/**
 * Tab-like navigation links; the current one carries aria-current="page". Scrolls sideways on narrow screens.
 * A tab is prefetched when the person shows they may open it (pointer over it, keyboard focus, a touch), not when it
 * scrolls into view: a project page's 15 tabs, each prefetched on every visit, cost the server more CPU than the page
 * itself (measured: docs/operations/ci.md). The hover comes a few hundred milliseconds before the click, so the tab's
 * loading state is usually there when it is opened.
 */
export function TabNav({ label, tabs }: { label: string; tabs: TabLink[] }) {
  const pathname = usePathname();
  const router = useRouter();
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => {
          const current = tab.exact ? pathname === tab.href : pathname === tab.href || pathname.startsWith(`${tab.href}/`);
          const prefetch = () => router.prefetch(tab.href);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                prefetch={false}
                onMouseEnter={prefetch}
                onFocus={prefetch}
                onTouchStart={prefetch}
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
