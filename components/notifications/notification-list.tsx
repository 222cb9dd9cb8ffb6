"use client";

import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { markNotificationsRead, notificationKeys, notificationsQuery, type Notification } from "@/lib/queries/notifications";

const CATEGORY: Record<Notification["category"], string> = { billing: "Billing", team: "Team", security: "Security", monitoring: "Monitoring" };

/** Where a notification leads: its project's issue, or its project. */
function linkOf(n: Notification): string | null {
  const d = n.data ?? {};
  if (typeof d.projectId === "string" && typeof d.issueId === "string") return `/projects/${d.projectId}/issues/${d.issueId}`;
  if (typeof d.projectId === "string") return `/projects/${d.projectId}`;
  return null;
}

/** The user's notifications, newest first: the unread filter, mark one or all read, pages. */
export function NotificationList() {
  const [unread, setUnread] = useState(false);
  const [offset, setOffset] = useState(0);
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQuery(unread, offset));
  const mark = useMutation({
    mutationFn: (ids?: string[]) => markNotificationsRead(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={unread} onChange={(e) => { setUnread(e.target.checked); setOffset(0); }} className="size-4 accent-brand-600" />
          Unread only
        </label>
        <Button variant="secondary" onClick={() => mark.mutate(undefined)} disabled={mark.isPending}>Mark all as read</Button>
      </div>
      {mark.isError && <ErrorAlert error={mark.error} />}
      {list.isPending ? (
        <div role="status" aria-busy="true" className="h-40 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading notifications…</span></div>
      ) : list.isError ? (
        <ErrorAlert error={list.error} />
      ) : list.data.data.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="notifications-empty">
          {unread ? "Nothing unread." : "No notifications yet: new issues, low credits and team changes show up here."}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" data-testid="notification-list">
            {list.data.data.map((n) => {
              const href = linkOf(n);
              return (
                <li key={n.id} className={`flex flex-wrap items-start justify-between gap-3 p-4 ${n.readAt ? "" : "bg-brand-50/40"}`} data-testid="notification">
                  <div className="min-w-0 space-y-1">
                    <p className="text-sm font-medium text-slate-900">
                      {!n.readAt && <><span aria-hidden="true" className="mr-2 inline-block size-2 rounded-full bg-brand-600" /><span className="sr-only">Unread: </span></>}
                      {href ? <Link href={href} className="underline underline-offset-2">{n.title}</Link> : n.title}
                    </p>
                    <p className="text-sm text-slate-700">{n.body}</p>
                    <p className="text-xs text-slate-600">{CATEGORY[n.category]} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time></p>
                  </div>
                  {!n.readAt && (
                    <Button variant="secondary" onClick={() => mark.mutate([n.id])} disabled={mark.isPending} aria-label={`Mark "${n.title}" as read`}>Mark read</Button>
                  )}
                </li>
              );
            })}
          </ul>
          <Pagination label="Notification pages" offset={offset} limit={list.data.meta.limit} total={list.data.meta.total} shown={list.data.data.length} onOffset={setOffset} />
        </>
      )}
    </div>
  );
}
