"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { unreadCountQuery } from "@/lib/queries/notifications";

/** The header's link to the notifications, with the unread count (refreshed every minute). */
export function NotificationBell() {
  const count = useQuery(unreadCountQuery()).data?.count ?? 0;
  const label = count ? `Notifications, ${count} unread` : "Notifications";
  return (
    <Link href="/notifications" aria-label={label} data-testid="notification-bell"
      className="relative rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="inline size-5 fill-current">
        <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.3 2.6A1 1 0 0 0 4.6 14h10.8a1 1 0 0 0 .9-1.8L15 9.6V7a5 5 0 0 0-5-5Zm0 16a2.5 2.5 0 0 1-2.45-2h4.9A2.5 2.5 0 0 1 10 18Z" />
      </svg>
      {count > 0 && (
        <span aria-hidden="true" data-testid="notification-count"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
