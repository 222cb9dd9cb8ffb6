import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { formatDate } from "@/components/ui/format";
import type { TrackedUrl } from "@/lib/queries/urls";
import { ENGINE_A_LABELS, ENGINE_B_LABELS, engineTone, HEALTH_TONE, healthText, INDEXABILITY_TONE, indexabilityText, SOURCE_LABELS } from "./labels";

const audited = (u: TrackedUrl) => u.lastAuditAt !== null || u.lastHealthCheckAt !== null;

type Selection = { selected: ReadonlySet<string>; onToggle: (urlId: string) => void; onToggleAll: (select: boolean) => void };

const nowrap = "whitespace-nowrap";

/** The scheme and host, and the rest (path, query) that tells a project's URLs apart. */
function splitUrl(url: string): [origin: string, rest: string] {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? [url, ""] : [url.slice(0, slash), url.slice(slash)];
}

/** A number of the last 28 days, or a dash before the first Search Analytics pull. */
function Figure({ value }: { value: number | null }) {
  return value === null
    ? <span className="text-slate-500" title="No Search Analytics data yet">—<span className="sr-only">No data yet</span></span>
    : <>{value.toLocaleString("en-US")}</>;
}

// Two lines: the table stays within 1280 px with the Google Search columns.
const twoLines = (first: string, second: string) => <>{first} <span className="block font-medium normal-case tracking-normal">{second}</span></>;

/**
 * The URL cell is a button that opens the detail panel; a long URL gives up its host before its path (the
 * full URL is its name, title and text), with when and how it was discovered below. Health, indexability
 * and Google's and Bing's states are badges whose text says the state (the colour only repeats it); the last check is
 * under the health. With `selection`, each row has a checkbox.
 */
export function UrlTable({ urls, onOpen, selection }: { urls: TrackedUrl[]; onOpen: (urlId: string) => void; selection?: Selection }) {
  const columns: Column<TrackedUrl>[] = [
    {
      key: "url", header: "URL", className: "max-w-[15rem]",
      cell: (u) => {
        const [origin, rest] = splitUrl(u.url);
        return (
          <>
            <button
              type="button" onClick={() => onOpen(u.id)} aria-haspopup="dialog" aria-label={u.url} title={u.url}
              className="flex max-w-full text-left font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {/* The path keeps its width (up to the cell's); the host takes what is left, cut at its start
                  (rtl: the ellipsis goes left, next to nothing) so that its end, the domain, stays beside the path. */}
              <span dir="rtl" className="min-w-0 truncate font-normal text-slate-600"><span dir="ltr">{origin}</span></span>
              <span className="max-w-full shrink-0 truncate">{rest}</span>
            </button>
            <span className="mt-0.5 block truncate text-xs text-slate-600">
              Discovered <time dateTime={u.discoveredAt}>{formatDate(u.discoveredAt)}</time> · {SOURCE_LABELS[u.source]}
            </span>
            {u.staleAt && <span className="mt-1 block text-xs text-amber-800">Missing from the sitemap since {formatDate(u.staleAt)}</span>}
          </>
        );
      },
    },
    {
      key: "health", header: "Health", className: nowrap,
      cell: (u) => (
        <>
          <Badge tone={HEALTH_TONE[u.healthState]}>{healthText(u.healthState, audited(u), u.indexability === "blocked_by_robots")}{u.httpStatus ? ` · ${u.httpStatus}` : ""}</Badge>
          <LastChecked at={u.lastAuditAt ?? u.lastHealthCheckAt} />
        </>
      ),
    },
    { key: "indexability", header: "Indexability", className: nowrap, cell: (u) => <Badge tone={INDEXABILITY_TONE[u.indexability]}>{indexabilityText(u.indexability, audited(u))}</Badge> },
    { key: "engineA", header: "Google", className: nowrap, cell: (u) => <Badge tone={engineTone(u.engineAState)}>{ENGINE_A_LABELS[u.engineAState]}</Badge> },
    { key: "engineB", header: "Bing", className: nowrap, cell: (u) => <Badge tone={engineTone(u.engineBState)}>{ENGINE_B_LABELS[u.engineBState]}</Badge> },
    { key: "clicks", header: twoLines("Clicks", "(28 d)"), align: "right", className: nowrap, cell: (u) => <Figure value={u.clicks28d} /> },
    { key: "impressions", header: twoLines("Impressions", "(28 d)"), align: "right", className: nowrap, cell: (u) => <Figure value={u.impressions28d} /> },
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
  return (
    <span className="mt-1 block text-xs text-slate-600">
      {at ? <>Checked <time dateTime={at}>{formatDate(at)}</time></> : "Never checked"}
    </span>
  );
}
