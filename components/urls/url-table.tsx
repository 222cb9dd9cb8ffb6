import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { formatDate } from "@/components/ui/format";
import type { TrackedUrl } from "@/lib/queries/urls";
import { ENGINE_A_LABELS, ENGINE_B_LABELS, engineTone, HEALTH_TONE, healthText, INDEXABILITY_TONE, indexabilityText, SOURCE_LABELS } from "./labels";

const audited = (u: TrackedUrl) => u.lastAuditAt !== null || u.lastHealthCheckAt !== null;

type Selection = { selected: ReadonlySet<string>; onToggle: (urlId: string) => void; onToggleAll: (select: boolean) => void };

const nowrap = "whitespace-nowrap";

/**
 * The URL cell is a button that opens the detail panel. Health and indexability are badges whose text
 * says the state (the colour only repeats it). With `selection`, each row has a checkbox.
 */
export function UrlTable({ urls, onOpen, selection }: { urls: TrackedUrl[]; onOpen: (urlId: string) => void; selection?: Selection }) {
  const columns: Column<TrackedUrl>[] = [
    {
      key: "url", header: "URL", className: "max-w-[24rem]",
      cell: (u) => (
        <>
          <button
            type="button" onClick={() => onOpen(u.id)} aria-haspopup="dialog" title={u.url}
            className="block max-w-full truncate text-left font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {u.url}
          </button>
          {u.staleAt && <span className="mt-1 block text-xs text-amber-800">Missing from the sitemap since {formatDate(u.staleAt)}</span>}
        </>
      ),
    },
    {
      key: "health", header: "Health", className: nowrap,
      cell: (u) => <Badge tone={HEALTH_TONE[u.healthState]}>{healthText(u.healthState, audited(u), u.indexability === "blocked_by_robots")}{u.httpStatus ? ` · ${u.httpStatus}` : ""}</Badge>,
    },
    { key: "indexability", header: "Indexability", className: nowrap, cell: (u) => <Badge tone={INDEXABILITY_TONE[u.indexability]}>{indexabilityText(u.indexability, audited(u))}</Badge> },
    { key: "engineA", header: "Engine A", className: nowrap, cell: (u) => <Badge tone={engineTone(u.engineAState)}>{ENGINE_A_LABELS[u.engineAState]}</Badge> },
    { key: "engineB", header: "Engine B", className: nowrap, cell: (u) => <Badge tone={engineTone(u.engineBState)}>{ENGINE_B_LABELS[u.engineBState]}</Badge> },
    { key: "checked", header: "Last checked", className: nowrap, cell: (u) => <LastChecked at={u.lastAuditAt ?? u.lastHealthCheckAt} /> },
    {
      key: "discovered", header: "Discovered", className: nowrap,
      cell: (u) => <><time dateTime={u.discoveredAt}>{formatDate(u.discoveredAt)}</time><span className="block text-xs text-slate-600">{SOURCE_LABELS[u.source]}</span></>,
    },
  ];
  return (
    <DataTable
      label="Tracked URLs" columns={columns} rows={urls} rowKey={(u) => u.id} rowProps={() => ({ "data-testid": "url-row" })}
      selection={selection && {
        isSelected: (u) => selection.selected.has(u.id), onToggle: (u) => selection.onToggle(u.id), onToggleAll: selection.onToggleAll,
        rowLabel: (u) => `Select ${u.url}`, allLabel: "Select every URL on this page",
      }}
    />
  );
}

function LastChecked({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{formatDate(at)}</time> : <span className="text-slate-600">Never</span>;
}
