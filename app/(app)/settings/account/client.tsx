"use client";

import { useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { DeleteAccountSection, DeletionScheduledNotice } from "@/components/settings/delete-account";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ExportButton } from "@/components/settings/export-button";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { LoginHistoryTable } from "@/components/settings/login-history-table";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { loginHistoryQuery, meQuery, type DeletionScheduled } from "@/lib/queries/account";
import { historyHref, historyPageFrom, historyRange } from "./search-params";

export function AccountClient() {
  const [scheduled, setScheduled] = useState<DeletionScheduled | null>(null);
  return scheduled ? <DeletionScheduledNotice result={scheduled} /> : <AccountSections onScheduled={setScheduled} />;
}

function AccountSections({ onScheduled }: { onScheduled: (result: DeletionScheduled) => void }) {
  const me = useQuery(meQuery());

  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-base font-semibold">Profile</h2>
        {me.isPending ? (
          <div className="mt-3 h-16 animate-pulse rounded bg-slate-100" />
        ) : me.isError ? (
          <ErrorAlert error={me.error} className="mt-3" />
        ) : (
          <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-slate-600">Email</dt>
            <dd className="wrap-anywhere font-medium" data-testid="account-email">{me.data.email}</dd>
            <dt className="text-slate-600">Member since</dt>
            <dd><time dateTime={me.data.createdAt}>{formatDate(me.data.createdAt)}</time></dd>
            <dt className="text-slate-600">Last sign-in</dt>
            <dd>{me.data.lastLoginAt ? <time dateTime={me.data.lastLoginAt}>{formatDateTime(me.data.lastLoginAt)}</time> : "Never"}</dd>
            <dt className="text-slate-600">Organizations</dt>
            <dd>{me.data.organizationCount}</dd>
          </dl>
        )}
      </Card>

      <Card>
        <h2 className="text-base font-semibold">Your data</h2>
        <p className="mt-1 mb-4 max-w-prose text-sm text-slate-600">
          Download everything IndexWatch holds about you as a JSON file: profile, memberships, API keys (without their secrets), sessions, security
          log and notifications.
        </p>
        <ExportButton />
      </Card>

      <LoginHistory />

      {me.data && <DeleteAccountSection email={me.data.email} onScheduled={onScheduled} />}
    </div>
  );
}

function LoginHistory() {
  const pathname = usePathname();
  const page = historyPageFrom(useSearchParams().get("page"));
  const range = historyRange(page);
  const history = useQuery(loginHistoryQuery(range));

  // The page lives in the URL (a reload or a shared link lands on it); history.pushState keeps it client-side.
  const go = (n: number) => window.history.pushState(null, "", historyHref(pathname, n));

  return (
    <Card>
      <h2 id="login-history-heading" className="text-base font-semibold">Login history</h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">Sign-ins, sign-outs and other security events of your account, newest first.</p>
      {history.isPending ? (
        <div className="h-40 animate-pulse rounded bg-slate-100" />
      ) : history.isError ? (
        <ErrorAlert error={history.error} />
      ) : history.data.data.length === 0 ? (
        <p className="text-sm text-slate-700">
          {history.data.meta.total === 0 ? "No activity recorded yet." : "There are no entries on this page."}{" "}
          {page > 1 && (
            <button type="button" onClick={() => go(1)} className="text-brand-700 underline underline-offset-2">
              Go to the newest entries
            </button>
          )}
        </p>
      ) : (
        <div aria-busy={history.isPlaceholderData || undefined} className={history.isPlaceholderData ? "opacity-60" : undefined}>
          <LoginHistoryTable entries={history.data.data} />
          <Pagination
            label="Login history pages"
            offset={range.offset}
            limit={range.limit}
            total={history.data.meta.total}
            shown={history.data.data.length}
            onOffset={(offset) => go(offset / range.limit + 1)}
            previousLabel="Newer"
            nextLabel="Older"
          />
        </div>
      )}
    </Card>
  );
}
