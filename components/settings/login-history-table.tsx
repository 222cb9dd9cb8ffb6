import type { LoginHistoryItem } from "@/lib/queries/account";
import { DataTable, type Column } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";

// The actions the login history shows (sign-ins, account lifecycle, keys, exports), in plain words.
const ACTION_LABELS: Record<string, string> = {
  "auth.login": "Signed in",
  "auth.logout": "Signed out",
  "auth.login_failed": "Sign-in refused",
  "auth.mfa_enabled": "Two-factor enabled",
  "auth.mfa_disabled": "Two-factor disabled",
  "auth.password_changed": "Password changed",
  "auth.email_changed": "Email changed",
  "auth.passkey_registered": "Passkey added",
  "auth.passkey_removed": "Passkey removed",
  "auth.passkey_auth": "Signed in with a passkey",
  "user.created": "Account created",
  "user.deletion_requested": "Account deletion requested",
  "user.deletion_cancelled": "Account deletion cancelled",
  "api_key.created": "API key created",
  "api_key.updated": "API key changed",
  "api_key.deleted": "API key deleted",
  "api_key.status_changed": "API key enabled or disabled",
  "api_key.secret_regenerated": "API key regenerated",
  "data.exported": "Data exported",
};

const COLUMNS: Column<LoginHistoryItem>[] = [
  { key: "time", header: "Time", className: "whitespace-nowrap", cell: (e) => <time dateTime={e.timestamp}>{formatDateTime(e.timestamp)}</time> },
  {
    key: "action", header: "Action", className: "whitespace-nowrap",
    cell: (e) => <>{ACTION_LABELS[e.action] ?? e.action}<span className="block font-mono text-xs text-slate-500">{e.action}</span></>,
  },
  { key: "ip", header: "IP address", className: "whitespace-nowrap font-mono", cell: (e) => e.ipAddress ?? "—" },
  { key: "agent", header: "User agent", cell: (e) => <span className="block max-w-xs truncate" title={e.userAgent ?? undefined}>{e.userAgent ?? "—"}</span> },
  {
    key: "result", header: "Result", className: "whitespace-nowrap",
    cell: (e) => e.success
      ? <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">Success</span>
      : <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200">Failed</span>,
  },
];

export function LoginHistoryTable({ entries }: { entries: LoginHistoryItem[] }) {
  return <DataTable label="Login history table" columns={COLUMNS} rows={entries} rowKey={(e) => e.id} rowProps={() => ({ "data-testid": "login-history-row" })} />;
}
