import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/components/ui/format";
import type { TrackedUrl } from "@/lib/queries/urls";
import { ENGINE_A_LABELS, ENGINE_B_LABELS, engineTone, HEALTH_TONE, healthText, INDEXABILITY_TONE, indexabilityText, SOURCE_LABELS } from "./labels";

const audited = (u: TrackedUrl) => u.lastAuditAt !== null || u.lastHealthCheckAt !== null;

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";

type Selection = { selected: ReadonlySet<string>; onToggle: (urlId: string) => void; onToggleAll: (select: boolean) => void };

/**
 * The URL cell is a button that opens the detail panel. Health and indexability are badges whose text
 * says the state (the colour only repeats it). With `selection`, each row has a checkbox.
 */
export function UrlTable({ urls, onOpen, selection }: { urls: TrackedUrl[]; onOpen: (urlId: string) => void; selection?: Selection }) {
  const all = selection !== undefined && urls.length > 0 && urls.every((u) => selection.selected.has(u.id));
  const some = selection !== undefined && urls.some((u) => selection.selected.has(u.id));
  return (
    <div role="region" aria-label="Tracked URLs" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            {selection && (
              <th scope="col" className={`${th} w-8`}>
                <input
                  type="checkbox"
                  aria-label="Select every URL on this page"
                  checked={all}
                  ref={(el) => { if (el) el.indeterminate = some && !all; }}
                  onChange={(e) => selection.onToggleAll(e.target.checked)}
                  className="size-4 rounded border-slate-400 align-middle"
                />
              </th>
            )}
            <th scope="col" className={th}>URL</th>
            <th scope="col" className={th}>Health</th>
            <th scope="col" className={th}>Indexability</th>
            <th scope="col" className={th}>Engine A</th>
            <th scope="col" className={th}>Engine B</th>
            <th scope="col" className={th}>Last checked</th>
            <th scope="col" className={th}>Discovered</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {urls.map((u) => (
            <tr key={u.id} data-testid="url-row" className={selection?.selected.has(u.id) ? "bg-brand-50/60" : undefined}>
              {selection && (
                <td className={`${td} w-8`}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${u.url}`}
                    checked={selection.selected.has(u.id)}
                    onChange={() => selection.onToggle(u.id)}
                    className="size-4 rounded border-slate-400 align-middle"
                  />
                </td>
              )}
              <td className={`${td} max-w-[24rem]`}>
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
                <Badge tone={HEALTH_TONE[u.healthState]}>{healthText(u.healthState, audited(u), u.indexability === "blocked_by_robots")}{u.httpStatus ? ` · ${u.httpStatus}` : ""}</Badge>
              </td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={INDEXABILITY_TONE[u.indexability]}>{indexabilityText(u.indexability, audited(u))}</Badge></td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={engineTone(u.engineAState)}>{ENGINE_A_LABELS[u.engineAState]}</Badge></td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={engineTone(u.engineBState)}>{ENGINE_B_LABELS[u.engineBState]}</Badge></td>
              <td className={`${td} whitespace-nowrap`}>
                <LastChecked at={u.lastAuditAt ?? u.lastHealthCheckAt} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={u.discoveredAt}>{formatDate(u.discoveredAt)}</time>
                <span className="block text-xs text-slate-600">{SOURCE_LABELS[u.source]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LastChecked({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{formatDate(at)}</time> : <span className="text-slate-600">Never</span>;
}
