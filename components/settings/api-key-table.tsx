import type { ApiKey } from "@/lib/queries/api-keys";
import { ApiKeySwitch } from "./api-key-switch";
import { DangerButton } from "@/components/ui/danger-button";
import { formatDate, formatTime } from "@/components/ui/format";
import type { OrgOption } from "./create-api-key-dialog";

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-3 align-top text-sm";

function expiry(k: ApiKey): string {
  if (!k.expiresAt) return "Never";
  return `${new Date(k.expiresAt) <= new Date() ? "Expired " : ""}${formatDate(k.expiresAt)}`;
}

/** Date on one line, time below, to keep the column narrow. */
function DateTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      {formatDate(iso)}
      <span className="block text-xs text-slate-500">{formatTime(iso)}</span>
    </time>
  );
}

export function ApiKeyTable({ keys, organizations, onDelete }: { keys: ApiKey[]; organizations: OrgOption[]; onDelete: (key: ApiKey) => void }) {
  const orgName = (id: string) => organizations.find((o) => o.id === id)?.name ?? "Another organization";

  return (
    // Scrolls sideways on narrow screens (focusable, so the keyboard can scroll it); `relative` keeps the
    // absolutely placed sr-only header inside the scroll box instead of widening the page.
    <div role="region" aria-label="API keys table" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Name and key</th>
            <th scope="col" className={th}>Scopes</th>
            <th scope="col" className={th}>Organization</th>
            <th scope="col" className={th}>Created</th>
            <th scope="col" className={th}>Last used</th>
            <th scope="col" className={th}>Expires</th>
            <th scope="col" className={th}>Enabled</th>
            <th scope="col" className={th}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((k) => (
            <tr key={k.id} data-testid="api-key-row">
              <th scope="row" className={`${td} min-w-36 text-left font-normal`}>
                <span className="block font-medium break-words text-slate-900">{k.name}</span>
                <span className="block whitespace-nowrap font-mono text-xs text-slate-600">{k.start}…</span>
              </th>
              <td className={td}>
                <ul className="flex min-w-40 flex-wrap gap-1" aria-label="Scopes">
                  {k.scopes.map((s) => (
                    <li key={s} className="rounded-full bg-brand-50 px-2 py-0.5 font-mono text-xs text-brand-800 ring-1 ring-brand-100">{s}</li>
                  ))}
                </ul>
              </td>
              <td className={`${td} max-w-48 break-words text-slate-700`}>{orgName(k.metadata.organizationId)}</td>
              <td className={`${td} whitespace-nowrap text-slate-700`}><time dateTime={k.createdAt}>{formatDate(k.createdAt)}</time></td>
              <td className={`${td} whitespace-nowrap text-slate-700`} data-testid="api-key-last-used">{k.lastUsedAt ? <DateTime iso={k.lastUsedAt} /> : "Never"}</td>
              <td className={`${td} whitespace-nowrap text-slate-700`}>{expiry(k)}</td>
              <td className={td}><ApiKeySwitch apiKey={k} /></td>
              <td className={`${td} text-right`}>
                <DangerButton look="subtle" onClick={() => onDelete(k)} aria-label={`Delete ${k.name}`}>
                  Delete
                </DangerButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
