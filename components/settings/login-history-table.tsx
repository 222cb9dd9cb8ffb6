import type { LoginHistoryItem } from "@/lib/queries/account";
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

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";

export function LoginHistoryTable({ entries }: { entries: LoginHistoryItem[] }) {
  return (
    <div role="region" aria-label="Login history table" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Time</th>
            <th scope="col" className={th}>Action</th>
            <th scope="col" className={th}>IP address</th>
            <th scope="col" className={th}>User agent</th>
            <th scope="col" className={th}>Result</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.id} data-testid="login-history-row">
              <td className={`${td} whitespace-nowrap`}><time dateTime={e.timestamp}>{formatDateTime(e.timestamp)}</time></td>
              <td className={`${td} whitespace-nowrap`}>
                {ACTION_LABELS[e.action] ?? e.action}
                <span className="block font-mono text-xs text-slate-500">{e.action}</span>
              </td>
              <td className={`${td} whitespace-nowrap font-mono`}>{e.ipAddress ?? "—"}</td>
              <td className={td}>
                <span className="block max-w-xs truncate" title={e.userAgent ?? undefined}>{e.userAgent ?? "—"}</span>
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {e.success ? (
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">Success</span>
                ) : (
                  <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200">Failed</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
