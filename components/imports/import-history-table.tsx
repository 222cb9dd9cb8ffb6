import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { UrlImport } from "@/lib/queries/imports";
import { IMPORT_STATUS_LABELS, IMPORT_STATUS_TONE, n } from "./labels";

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";

export function ImportHistoryTable({ imports, currentId, onOpen }: { imports: UrlImport[]; currentId: string | null; onOpen: (id: string) => void }) {
  return (
    <div role="region" aria-label="Import history" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>File</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Uploaded</th>
            <th scope="col" className={`${th} text-right`}>Rows</th>
            <th scope="col" className={`${th} text-right`}>New</th>
            <th scope="col" className={`${th} text-right`}>Added</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {imports.map((i) => (
            <tr key={i.id} data-testid="import-row" aria-current={i.id === currentId || undefined} className={i.id === currentId ? "bg-brand-50" : undefined}>
              <td className={`${td} max-w-[18rem]`}>
                <button type="button" onClick={() => onOpen(i.id)} className="block max-w-full truncate text-left font-medium text-brand-700 underline-offset-2 hover:underline" title={i.fileName}>
                  {i.fileName}
                </button>
              </td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={IMPORT_STATUS_TONE[i.status]}>{IMPORT_STATUS_LABELS[i.status]}</Badge></td>
              <td className={`${td} whitespace-nowrap`}><time dateTime={i.createdAt}>{formatDateTime(i.createdAt)}</time></td>
              <td className={`${td} text-right tabular-nums`}>{n(i.totalRows)}</td>
              <td className={`${td} text-right tabular-nums`}>{n(i.netNewRows)}</td>
              <td className={`${td} text-right tabular-nums`}>{i.status === "ready" || i.status === "pending" ? "—" : n(i.insertedRows)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
