import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import type { TrackedUrl } from "@/lib/queries/urls";
import { ENGINE_A_LABELS, ENGINE_B_LABELS, engineTone, HEALTH_LABELS, HEALTH_TONE, INDEXABILITY_LABELS, INDEXABILITY_TONE, SOURCE_LABELS } from "./labels";

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";

/** The URL cell is a button that opens the detail panel. */
export function UrlTable({ urls, onOpen }: { urls: TrackedUrl[]; onOpen: (urlId: string) => void }) {
  return (
    <div role="region" aria-label="Tracked URLs" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>URL</th>
            <th scope="col" className={th}>Health</th>
            <th scope="col" className={th}>Indexability</th>
            <th scope="col" className={th}>Engine A</th>
            <th scope="col" className={th}>Engine B</th>
            <th scope="col" className={th}>Source</th>
            <th scope="col" className={th}>Discovered</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {urls.map((u) => (
            <tr key={u.id} data-testid="url-row">
              <td className={`${td} max-w-[28rem]`}>
                <button
                  type="button"
                  onClick={() => onOpen(u.id)}
                  aria-haspopup="dialog"
                  className="block max-w-full truncate text-left font-medium text-brand-700 underline-offset-2 hover:underline"
                  title={u.url}
                >
                  {u.url}
                </button>
                {u.staleAt && <span className="mt-1 block text-xs text-amber-800">Missing from the sitemap since {formatDate(u.staleAt)}</span>}
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <Badge tone={HEALTH_TONE[u.healthState]}>{HEALTH_LABELS[u.healthState]}{u.httpStatus ? ` · ${u.httpStatus}` : ""}</Badge>
              </td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={INDEXABILITY_TONE[u.indexability]}>{INDEXABILITY_LABELS[u.indexability]}</Badge></td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={engineTone(u.engineAState)}>{ENGINE_A_LABELS[u.engineAState]}</Badge></td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={engineTone(u.engineBState)}>{ENGINE_B_LABELS[u.engineBState]}</Badge></td>
              <td className={`${td} whitespace-nowrap`}>{SOURCE_LABELS[u.source]}</td>
              <td className={`${td} whitespace-nowrap`}><time dateTime={u.discoveredAt}>{formatDate(u.discoveredAt)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
