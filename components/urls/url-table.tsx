"use client";

import { useState, type MouseEvent, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { formatDate } from "@/components/ui/format";
import type { TrackedUrl } from "@/lib/queries/urls";
import { ENGINE_A_LABELS, ENGINE_B_LABELS, engineTone, HEALTH_TONE, healthText, INDEXABILITY_TONE, indexabilityText, SOURCE_LABELS } from "./labels";
import { SORT_DEFAULT_DIRECTION } from "./search-labels";
import type { UrlColumnId } from "./url-columns";

const audited = (u: TrackedUrl) => u.lastAuditAt !== null || u.lastHealthCheckAt !== null;

type Selection = { selected: ReadonlySet<string>; onToggle: (urlId: string) => void; onToggleAll: (select: boolean) => void };
type SortField = keyof typeof SORT_DEFAULT_DIRECTION;

/** The scheme and host, and the rest (path, query) that tells a project's URLs apart. */
function splitUrl(url: string): [origin: string, rest: string] {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? [url, "/"] : [url.slice(0, slash), url.slice(slash)];
}

/** The origin most of the page's URLs share (a project is one domain): shown once above the table, not in every row. */
export function commonOrigin(urls: readonly { url: string }[]): string | null {
  const counts = new Map<string, number>();
  for (const u of urls) {
    const origin = splitUrl(u.url)[0];
    counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [origin, n] of counts) if (best === null || n > counts.get(best)!) best = origin;
  return best;
}

/** A number of the last 28 days, or a dash before the first Search Analytics pull. */
function Figure({ value, format = (n) => n.toLocaleString("en-US") }: { value: number | null; format?: (n: number) => string }) {
  return value === null
    ? <span className="text-slate-500" title="No Search Analytics data yet">—<span className="sr-only">No data yet</span></span>
    : <>{format(value)}</>;
}

const When = ({ at, never = "Never" }: { at: string | null; never?: string }) =>
  at ? <time dateTime={at}>{formatDate(at)}</time> : <span className="text-slate-500">{never}</span>;

// Badges wrap inside their fixed-width column instead of widening the table.
const wrap = "whitespace-normal! rounded-md text-left";
const nowrap = "whitespace-nowrap";
// Two header lines, so that the figures' columns stay narrow.
const twoLines = (first: string, second: string) => <>{first} <span className="block font-medium normal-case tracking-normal">{second}</span></>;

type ColumnDef = {
  header: ReactNode; width: number; cell: (u: TrackedUrl) => ReactNode; sort?: SortField; align?: "right"; display?: string; className?: string;
};

// Widths in rem (the fixed layout needs them to give the URL the rest); `display` leaves a column out on narrower screens.
const COLUMNS: Record<UrlColumnId, ColumnDef> = {
  health: {
    header: "Health", width: 11, display: "hidden sm:table-cell",
    cell: (u) => (
      <>
        <Badge tone={HEALTH_TONE[u.healthState]} className={wrap}>{healthText(u.healthState, audited(u), u.indexability === "blocked_by_robots")}{u.httpStatus ? ` · ${u.httpStatus}` : ""}</Badge>
        <span className="mt-0.5 block truncate text-xs text-slate-600">{u.lastAuditAt ?? u.lastHealthCheckAt ? <>Checked <When at={u.lastAuditAt ?? u.lastHealthCheckAt} /></> : "Never checked"}</span>
      </>
    ),
  },
  indexability: { header: "Indexability", width: 9.5, display: "hidden lg:table-cell", cell: (u) => <Badge tone={INDEXABILITY_TONE[u.indexability]} className={wrap}>{indexabilityText(u.indexability, audited(u))}</Badge> },
  engineA: { header: "Google", width: 10.5, display: "hidden md:table-cell", cell: (u) => <Badge tone={engineTone(u.engineAState)} className={wrap}>{ENGINE_A_LABELS[u.engineAState]}</Badge> },
  engineB: { header: "Bing", width: 7, display: "hidden lg:table-cell", cell: (u) => <Badge tone={engineTone(u.engineBState)} className={wrap}>{ENGINE_B_LABELS[u.engineBState]}</Badge> },
  clicks: { header: twoLines("Clicks", "(28 d)"), width: 5.5, align: "right", sort: "clicks28d", display: "hidden xl:table-cell", cell: (u) => <Figure value={u.clicks28d} /> },
  impressions: { header: twoLines("Impressions", "(28 d)"), width: 8, align: "right", sort: "impressions28d", display: "hidden xl:table-cell", cell: (u) => <Figure value={u.impressions28d} /> },
  discovered: { header: "Discovered", width: 7.5, sort: "discoveredAt", display: "hidden xl:table-cell", className: nowrap, cell: (u) => <When at={u.discoveredAt} /> },
  ctr: { header: twoLines("CTR", "(28 d)"), width: 5, align: "right", display: "hidden xl:table-cell", cell: (u) => <Figure value={u.ctr28d} format={(n) => `${(n * 100).toFixed(1)} %`} /> },
  position: { header: twoLines("Position", "(28 d)"), width: 6, align: "right", display: "hidden xl:table-cell", cell: (u) => <Figure value={u.position28d} format={(n) => n.toFixed(1)} /> },
  lastImpression: { header: twoLines("Last shown", "in Google"), width: 7.5, sort: "lastImpressionAt", display: "hidden xl:table-cell", className: nowrap, cell: (u) => <When at={u.lastImpressionAt} /> },
  googleVerdict: { header: twoLines("Google", "verdict of"), width: 7.5, sort: "engineAObservedAt", display: "hidden xl:table-cell", className: nowrap, cell: (u) => <When at={u.engineAObservedAt} never="None yet" /> },
  googlebot: { header: twoLines("Googlebot", "last visit"), width: 7.5, sort: "lastGooglebotFetchAt", display: "hidden xl:table-cell", className: nowrap, cell: (u) => <When at={u.lastGooglebotFetchAt} /> },
  priority: { header: "Priority", width: 6, display: "hidden xl:table-cell", cell: (u) => (u.priority ? <span className="capitalize">{u.priority}</span> : <span className="text-slate-500">—</span>) },
  source: { header: "Source", width: 7, display: "hidden xl:table-cell", cell: (u) => SOURCE_LABELS[u.source] },
};
// Tailwind sees every class it generates in the source: the widths of COLUMNS, spelled out.
const WIDTH_CLASS: Record<number, string> = {
  5: "w-[5rem]", 5.5: "w-[5.5rem]", 6: "w-[6rem]", 7: "w-[7rem]", 7.5: "w-[7.5rem]", 8: "w-[8rem]", 9.5: "w-[9.5rem]", 10.5: "w-[10.5rem]", 11: "w-[11rem]",
};
/** The room the URL keeps; more chosen columns than that leaves make the table scroll sideways instead. */
const URL_MIN_REM = 20;
const CHECKBOX_REM = 2.5;

type Props = {
  urls: TrackedUrl[];
  columns: UrlColumnId[];
  /** The address of the URL's detail panel on this page (a real link: a new tab, a shared link open it too). */
  detailHref: (urlId: string) => string;
  onOpen: (urlId: string) => void;
  sort: string | null;
  onSort: (sort: string | null) => void;
  selection?: Selection;
};

/**
 * The URL table: the URL is a link to its detail panel (opened in place on a plain click) with the full URL on
 * hover, a copy button and a link to the page itself; the chosen columns follow, sortable where the API sorts
 * (aria-sort on the header). A fixed layout within the page's width: long URLs and labels are cut or wrapped,
 * never widen it; narrower screens leave the less needed columns out and show the states under the URL.
 */
export function UrlTable({ urls, columns, detailHref, onOpen, sort, onSort, selection }: Props) {
  const [copied, setCopied] = useState("");
  const [field, dir] = (sort ?? "discoveredAt").split(":") as [SortField, string | undefined];
  const direction = dir ?? SORT_DEFAULT_DIRECTION[field];

  const sortOf = (f: SortField): Column<TrackedUrl>["sort"] => {
    const current = f === field ? (direction === "asc" ? "ascending" : "descending") : null;
    const next = current ? (direction === "asc" ? "desc" : "asc") : SORT_DEFAULT_DIRECTION[f];
    const value = next === SORT_DEFAULT_DIRECTION[f] ? f : `${f}:${next}`;
    return {
      direction: current, onSort: () => onSort(value === "discoveredAt" ? null : value),
      title: `Sort ${next === "asc" ? "ascending" : "descending"}${f === "discoveredAt" ? "" : next === "asc" ? ", URLs without a value first" : ", URLs without a value last"}`,
    };
  };

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(`Copied ${url}`);
    } catch {
      setCopied("Copying failed: select the URL in its detail panel and copy it by hand.");
    }
  }

  const shared = commonOrigin(urls);

  const open = (e: MouseEvent<HTMLAnchorElement>, urlId: string) => {
    // A plain click opens the panel in place; with a modifier (new tab, new window) the browser follows the link.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(urlId);
  };

  const url: Column<TrackedUrl> = {
    key: "url", header: "URL",
    cell: (u) => {
      const [origin, rest] = splitUrl(u.url);
      const sameOrigin = origin === shared;
      return (
        <>
          <div className="flex min-w-0 items-center gap-1">
            <a
              href={detailHref(u.id)} onClick={(e) => open(e, u.id)} title={u.url} aria-label={u.url}
              className="block min-w-0 flex-1 truncate font-medium text-brand-700 underline-offset-2 hover:underline" data-testid="url-path"
            >
              {/* The origin is shown once above the table; a URL on another origin (http, a port) shows its own. */}
              {sameOrigin ? <span className="sr-only">{origin}</span> : <span className="font-normal text-slate-600">{origin}</span>}
              <span data-testid="url-path-text">{rest}</span>
            </a>
            <button type="button" onClick={() => copy(u.url)} title={`Copy ${u.url}`} aria-label="Copy URL"
              className="shrink-0 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
              <CopyIcon />
            </button>
            <a href={u.url} target="_blank" rel="noreferrer noopener" title={`Open ${u.url} in a new tab`} aria-label="Open the page in a new tab"
              className="shrink-0 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
              <ExternalIcon />
            </a>
          </div>
          {u.staleAt && <span className="block truncate text-xs text-amber-800">Missing from the sitemap since {formatDate(u.staleAt)}</span>}
          {/* Narrow screens: the states of the columns left out. */}
          <span className="mt-1 flex flex-wrap gap-1 md:hidden">
            <Badge tone={HEALTH_TONE[u.healthState]} className="sm:hidden">{healthText(u.healthState, audited(u), u.indexability === "blocked_by_robots")}{u.httpStatus ? ` · ${u.httpStatus}` : ""}</Badge>
            <Badge tone={engineTone(u.engineAState)}>Google: {ENGINE_A_LABELS[u.engineAState]}</Badge>
          </span>
        </>
      );
    },
  };

  const chosen = columns.map((id): Column<TrackedUrl> => {
    const c = COLUMNS[id];
    return {
      key: id, header: c.header, cell: c.cell, align: c.align, width: WIDTH_CLASS[c.width], display: c.display,
      className: c.className, sort: c.sort ? sortOf(c.sort) : undefined,
    };
  });
  // More columns than the page's width holds: the table keeps the URL's room and scrolls sideways.
  const minRem = URL_MIN_REM + CHECKBOX_REM + columns.reduce((n, id) => n + COLUMNS[id].width, 0);

  return (
    <>
      {shared && (
        <p className="mb-1.5 truncate text-sm text-slate-600" data-testid="url-table-origin">
          Paths on <span className="font-medium text-slate-900">{shared}</span>
        </p>
      )}
      <div style={{ ["--url-table-min" as string]: `${minRem}rem` }} className="xl:[&_table]:min-w-(--url-table-min)">
        <DataTable
          label="Tracked URLs" columns={[url, ...chosen]} rows={urls} rowKey={(u) => u.id} rowProps={() => ({ "data-testid": "url-row" })} layout="fixed"
          variant="window" density="compact"
          caption={sort ? "Tracked URLs, in the chosen order" : "Tracked URLs, discovered oldest first"}
          selection={selection && {
            isSelected: (u) => selection.selected.has(u.id), onToggle: (u) => selection.onToggle(u.id), onToggleAll: selection.onToggleAll,
            rowLabel: (u) => `Select ${u.url}`, allLabel: "Select every URL on this page",
          }}
        />
      </div>
      <p role="status" className="sr-only">{copied}</p>
    </>
  );
}

function CopyIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M7 3a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7Zm0 2h6v8H7V5Z" />
      <path d="M3 7a1 1 0 0 1 1 1v7a1 1 0 0 0 1 1h6a1 1 0 1 1 0 2H5a3 3 0 0 1-3-3V8a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

function ExternalIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.29a1 1 0 1 0 1.42 1.42L15 6.41V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
      <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
    </svg>
  );
}
